// Docs: docs/classes.md — classes, class requests and rosters.
import { z } from 'zod';
import {
  classArchiveInputSchema,
  documentIdSchema,
  emailSchema,
  membersAddInputSchema,
  pendingClassFormSchema,
  pendingClassInputSchema,
  roleSchema,
} from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { classArchiver, classDeleter, classJoiner, classRequester, classUpdater } from './commands';
import { invitationResender, invitationsMailer } from './invitations';
import { myClassesTopic, publicClassesTopic, rosterTopic } from './live';
import { requireVerifiedSender } from './policies';
import {
  classMemberEnabledSetter,
  classMemberRemover,
  classMembersAdder,
  invitationRemover,
} from './memberCommands';

const classRef = z.object({ class_id: documentIdSchema });
const memberRef = classRef.extend({ uid: documentIdSchema, role: roleSchema });

export const classesRouter = router({
  /** My classes, live, each with my_role. */
  mine: liveSubscription(myClassesTopic),
  /** Public classes anyone signed in can join. */
  public: liveSubscription(publicClassesTopic),
  /** SPEC §4 class creation: a pending class request the server turns into the class. */
  request: authedProcedure
    .input(pendingClassInputSchema)
    .mutation(({ ctx, input }) => classRequester(ctx.services.database.db, ctx.viewer, input)),
  update: authedProcedure
    .input(z.intersection(classRef, pendingClassFormSchema))
    .mutation(({ ctx, input }) => {
      const { class_id, ...fields } = input;
      return classUpdater(ctx.services.database.db, ctx.viewer, class_id, fields);
    }),
  delete: authedProcedure
    .input(classRef)
    .mutation(({ ctx, input }) =>
      classDeleter(ctx.services.database.db, ctx.viewer, input.class_id),
    ),
  /** Archives the class (read-only for everyone) or unarchives it: docs/classes.md#archive. */
  setArchived: authedProcedure
    .input(classArchiveInputSchema)
    .mutation(({ ctx, input }) =>
      classArchiver(ctx.services.database.db, ctx.viewer, input.class_id, input.archived),
    ),
  join: authedProcedure
    .input(classRef)
    .mutation(({ ctx, input }) =>
      classJoiner(ctx.services.database.db, ctx.viewer, input.class_id),
    ),

  roster: liveSubscription(rosterTopic),
  addMembers: authedProcedure.input(membersAddInputSchema).mutation(async ({ ctx, input }) => {
    requireVerifiedSender(ctx.viewer);
    const result = await classMembersAdder(ctx.services.database.db, ctx.viewer, input);
    const unmailed = await invitationsMailer(
      ctx.services,
      ctx.viewer,
      input.class_id,
      input.role,
      result.invited,
    );
    return { ...result, unmailed };
  }),
  setMemberEnabled: authedProcedure
    .input(memberRef.extend({ enabled: z.boolean() }))
    .mutation(({ ctx, input }) =>
      classMemberEnabledSetter(ctx.services.database.db, ctx.viewer, input, input.enabled),
    ),
  removeMember: authedProcedure
    .input(memberRef)
    .mutation(({ ctx, input }) => classMemberRemover(ctx.services.database.db, ctx.viewer, input)),
  removeInvitation: authedProcedure
    .input(classRef.extend({ email: emailSchema, role: roleSchema }))
    .mutation(({ ctx, input }) => invitationRemover(ctx.services.database.db, ctx.viewer, input)),
  resendInvitation: authedProcedure
    .input(classRef.extend({ email: emailSchema, role: roleSchema }))
    .mutation(({ ctx, input }) => invitationResender(ctx.services, ctx.viewer, input)),
});

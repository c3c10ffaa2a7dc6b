// Docs: docs/institutions.md#lti-13 — LTI over the live socket: the platform registry and the launch
// log (site admins), the roster sync and grade posting (staff of a linked class).
import {
  ltiClassInputSchema,
  ltiGradesInputSchema,
  ltiPlatformAddSchema,
  ltiPlatformUpdateSchema,
  memberAction,
} from '@seminar/shared';
import { requireAllowed } from '../classes/policies';
import { authedProcedure, router } from '../trpc';
import { classLink, linkOfClass } from './classLink';
import { postGrades } from './grades';
import {
  launchLog,
  platformAdder,
  platformsList,
  platformUpdater,
  recordLaunch,
} from './platforms';
import { syncRoster } from './roster';
import { ServiceError } from './serviceToken';
import { DomainError } from '../errors';

export const ltiRouter = router({
  platforms: authedProcedure.query(({ ctx }) =>
    platformsList(ctx.services.database.db, ctx.services.config, ctx.viewer),
  ),
  launches: authedProcedure.query(({ ctx }) =>
    launchLog(ctx.services.database.db, ctx.services.config, ctx.viewer),
  ),
  addPlatform: authedProcedure
    .input(ltiPlatformAddSchema)
    .mutation(({ ctx, input }) =>
      platformAdder(ctx.services.database.db, ctx.services.config, ctx.viewer, input),
    ),
  updatePlatform: authedProcedure
    .input(ltiPlatformUpdateSchema)
    .mutation(({ ctx, input }) =>
      platformUpdater(ctx.services.database.db, ctx.services.config, ctx.viewer, input),
    ),
  /** Staff: the class's LMS link (null: none), which decides the class's LTI buttons. */
  classLink: authedProcedure
    .input(ltiClassInputSchema)
    .query(({ ctx, input }) => classLink(ctx.services.database.db, ctx.viewer, input.class_id)),
  /** Staff: the class's roster from the LMS now (new learners added, dropped ones disabled). */
  syncRoster: authedProcedure.input(ltiClassInputSchema).mutation(async ({ ctx, input }) => {
    const db = ctx.services.database.db;
    // Who may add students may sync them (the roster rule; NOT_FOUND for non-members).
    await requireAllowed(db, ctx.viewer, input.class_id, memberAction('add', 'student'));
    const link = await linkOfClass(db, input.class_id);
    if (!link?.context.memberships_url || !link.platform.enabled)
      throw new DomainError({
        code: 'PRECONDITION_FAILED',
        message: 'This class is not linked to an LMS course that shares its roster.',
      });
    try {
      const result = await syncRoster(
        db,
        ctx.services.auth,
        ctx.viewer,
        link.platform,
        input.class_id,
        link.context.memberships_url,
      );
      await recordLaunch(db, {
        platformId: link.platform.id,
        kind: 'roster',
        ok: true,
        detail: `Roster synced by staff: ${result.added} added, ${result.disabled} disabled`,
        uid: ctx.viewer.uid,
        classId: input.class_id,
      });
      return result;
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      await recordLaunch(db, {
        platformId: link.platform.id,
        kind: 'roster',
        ok: false,
        detail: `Roster sync failed: ${error.message}`,
        uid: ctx.viewer.uid,
        classId: input.class_id,
      });
      throw new DomainError({ code: 'BAD_GATEWAY', message: error.message });
    }
  }),
  /** Staff: an activity's debrief totals to the LMS gradebook. */
  postGrades: authedProcedure
    .input(ltiGradesInputSchema)
    .mutation(({ ctx, input }) => postGrades(ctx.services.database.db, ctx.viewer, input)),
});

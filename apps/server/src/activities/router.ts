// Docs: docs/classes.md#activities — activities: live list, save, enable/disable, delete.
import { z } from 'zod';
import {
  activityAgentBudgetInputSchema,
  activityAgentLimitsInputSchema,
  activityTutorInputSchema,
  activityAnonymousInputSchema,
  activityAgentModeInputSchema,
  activityInputSchema,
  briefInputSchema,
  activityPhaseAdvanceInputSchema,
  activityPhasesInputSchema,
  documentIdSchema,
} from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import {
  activityAgentBudgetSetter,
  activityAgentLimitsSetter,
  activityTutorSetter,
  activityAgentModeSetter,
  activityExchangesReader,
  activityUsageReader,
  activityDeleter,
  activityEnabledSetter,
  activitySaver,
} from './commands';
import { activitiesTopic } from './live';
import { myExchangesReader } from './myExchanges';
import { briefSaver } from './brief';
import { activityAnonymousSetter, ownPseudonymReader } from './anonymity';
import { activityPhaseAdvancer, activityPhasesSetter } from './phases';

const activityRef = z.object({ class_id: documentIdSchema, activity_id: documentIdSchema });

export const activitiesRouter = router({
  live: liveSubscription(activitiesTopic),
  save: authedProcedure
    .input(activityInputSchema)
    .mutation(({ ctx, input }) => activitySaver(ctx.services.database.db, ctx.viewer, input)),
  setEnabled: authedProcedure
    .input(activityRef.extend({ enabled: z.boolean() }))
    .mutation(({ ctx, input }) =>
      activityEnabledSetter(ctx.services.database.db, ctx.viewer, input, input.enabled),
    ),
  /** Instructors: an agent's mode in this activity (pause, mention, every message). */
  setAgentMode: authedProcedure
    .input(activityAgentModeInputSchema)
    .mutation(({ ctx, input }) =>
      activityAgentModeSetter(ctx.services.database.db, ctx.viewer, input),
    ),
  /** Instructors: the activity's agent budget (answers, tokens; null: no limit). */
  setAgentBudget: authedProcedure
    .input(activityAgentBudgetInputSchema)
    .mutation(({ ctx, input }) =>
      activityAgentBudgetSetter(ctx.services.database.db, ctx.viewer, input),
    ),
  /** Instructors: per-student limits and the agents' schedule (docs/ai.md#limits-and-schedules). */
  setAgentLimits: authedProcedure
    .input(activityAgentLimitsInputSchema)
    .mutation(({ ctx, input }) =>
      activityAgentLimitsSetter(ctx.services.database.db, ctx.viewer, input),
    ),
  /** Instructors: how the activity's LLM agents behave (docs/ai.md#tutor-modes). */
  setTutorMode: authedProcedure
    .input(activityTutorInputSchema)
    .mutation(({ ctx, input }) => activityTutorSetter(ctx.services.database.db, ctx.viewer, input)),
  /** Instructors: what the activity's agents have used, per person and in all. */
  usage: authedProcedure
    .input(activityRef)
    .query(({ ctx, input }) => activityUsageReader(ctx.services.database.db, ctx.viewer, input)),
  /** Instructors: the activity's exchanges with its agents, optionally one person's (the review). */
  exchanges: authedProcedure
    .input(activityRef.extend({ author_uid: documentIdSchema.optional() }))
    .query(({ ctx, input }) =>
      activityExchangesReader(ctx.services.database.db, ctx.viewer, input),
    ),
  /** Anyone in the class: their own exchanges with AI agents, per activity (docs/ai.md). */
  myExchanges: authedProcedure
    .input(z.object({ class_id: documentIdSchema }))
    .query(({ ctx, input }) => myExchangesReader(ctx.services.database.db, ctx.viewer, input)),
  /** Instructors and class admins: the case brief (docs/activities.md#case-brief-and-pins). */
  setBrief: authedProcedure.input(briefInputSchema).mutation(({ ctx, input }) =>
    briefSaver(ctx.services.database.db, ctx.viewer, input, {
      objects: ctx.services.objects,
      log: ctx.services.hub.log,
    }),
  ),
  /**
   * Instructors and class admins: makes the activity anonymous to classmates, before its first
   * phase starts; never undone (docs/activities.md#anonymity).
   */
  setAnonymous: authedProcedure
    .input(activityAnonymousInputSchema)
    .mutation(({ ctx, input }) =>
      activityAnonymousSetter(ctx.services.database.db, ctx.viewer, input),
    ),
  /** The viewer's own pseudonym in an anonymous activity (null until they first need one). */
  pseudonym: authedProcedure
    .input(activityAnonymousInputSchema)
    .query(({ ctx, input }) => ownPseudonymReader(ctx.services.database.db, ctx.viewer, input)),
  /** Instructors and class admins: the activity's ordered phases (docs/phases.md). */
  setPhases: authedProcedure
    .input(activityPhasesInputSchema)
    .mutation(({ ctx, input }) =>
      activityPhasesSetter(ctx.services.database.db, ctx.viewer, input),
    ),
  /** Instructors and class admins: start, next phase, end. */
  advancePhase: authedProcedure
    .input(activityPhaseAdvanceInputSchema)
    .mutation(({ ctx, input }) =>
      activityPhaseAdvancer(ctx.services.database.db, ctx.viewer, input),
    ),
  delete: authedProcedure
    .input(activityRef)
    .mutation(({ ctx, input }) => activityDeleter(ctx.services.database.db, ctx.viewer, input)),
});

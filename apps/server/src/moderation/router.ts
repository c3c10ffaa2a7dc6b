// Docs: docs/ai.md#moderation — moderation of agents' exchanges and the staff's AI watch (flags and
// spend, live). Staff only; students are refused every procedure here.
import { z } from 'zod';
import {
  documentIdSchema,
  flagHandledInputSchema,
  moderationSettingsInputSchema,
} from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { flagHandledMarker, moderationSettingsReader, moderationSettingsSetter } from './commands';
import { watchTopic } from './watch';

export const moderationRouter = router({
  /** Staff: per activity with an AI product, its unhandled flags and its spend, live. */
  watch: liveSubscription(watchTopic),
  /** Staff: which moderation checks are on in the class. */
  settings: authedProcedure
    .input(z.object({ class_id: documentIdSchema }))
    .query(({ ctx, input }) =>
      moderationSettingsReader(ctx.services.database.db, ctx.viewer, input),
    ),
  /** Instructors and class admins: turn the class's checks on or off. */
  setSettings: authedProcedure
    .input(moderationSettingsInputSchema)
    .mutation(({ ctx, input }) =>
      moderationSettingsSetter(ctx.services.database.db, ctx.viewer, input),
    ),
  /** Instructors and class admins: mark a flagged exchange handled. */
  markHandled: authedProcedure
    .input(flagHandledInputSchema)
    .mutation(({ ctx, input }) => flagHandledMarker(ctx.services.database.db, ctx.viewer, input)),
});

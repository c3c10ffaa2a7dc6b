// Docs: docs/polls.md#cold-call — cold-call: spotlight a student, clear it, and the live spotlights.
import { spotlightClearInputSchema, spotlightInputSchema } from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { spotlightClearer, spotlighter } from './commands';
import { mySpotlightsTopic, spotlightTopic } from './live';

export const coldCallRouter = router({
  /** Spotlights a student by uid, or picks one online (no uid): instructors and class admins. */
  spotlight: authedProcedure
    .input(spotlightInputSchema)
    .mutation(({ ctx, input }) => spotlighter(ctx.services.database.db, ctx.viewer, input)),
  /** Clears the channel's spotlight. */
  clear: authedProcedure
    .input(spotlightClearInputSchema)
    .mutation(({ ctx, input }) => spotlightClearer(ctx.services.database.db, ctx.viewer, input)),
  /** The channel's spotlight, live (its banner). */
  live: liveSubscription(spotlightTopic),
  /** The viewer's own spotlights in a class, live (their notification). */
  mine: liveSubscription(mySpotlightsTopic),
});

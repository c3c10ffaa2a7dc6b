// Docs: docs/activities.md#case-brief-and-pins — pins: a channel's live pinned bar, pin and unpin.
import { pinInputSchema } from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { messagePinner } from './commands';
import { pinsTopic } from './live';

export const pinsRouter = router({
  /** A channel's pinned messages, live, to whoever sees the channel. */
  live: liveSubscription(pinsTopic),
  /** Instructors and class admins: pin (`on`) or unpin a message; answers the pin or null. */
  set: authedProcedure
    .input(pinInputSchema)
    .mutation(({ ctx, input }) => messagePinner(ctx.services.database.db, ctx.viewer, input)),
});

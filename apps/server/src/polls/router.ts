// Docs: docs/polls.md — polls: post, vote, close, and the live polls of a channel.
import { pollCloseInputSchema, pollCreateInputSchema, pollVoteInputSchema } from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { pollCloser, pollCreator, pollVoter } from './commands';
import { pollsTopic } from './live';

export const pollsRouter = router({
  /** Posts a poll in a channel (instructors and class admins), carried by a message of its own. */
  create: authedProcedure
    .input(pollCreateInputSchema)
    .mutation(({ ctx, input }) => pollCreator(ctx.services.database.db, ctx.viewer, input)),
  /** Casts or changes the viewer's vote while the poll is open. */
  vote: authedProcedure
    .input(pollVoteInputSchema)
    .mutation(({ ctx, input }) => pollVoter(ctx.services.database.db, ctx.viewer, input)),
  /** Closes a poll (instructors and class admins). */
  close: authedProcedure
    .input(pollCloseInputSchema)
    .mutation(({ ctx, input }) => pollCloser(ctx.services.database.db, ctx.viewer, input.id)),
  /** The polls of a channel, live, each as the viewer may see it (docs/polls.md#secrecy). */
  live: liveSubscription(pollsTopic),
});

// Docs: docs/realtime.md — messages: send, edit, delete, older pages, and the live stream.
import { z } from 'zod';
import {
  documentIdSchema,
  messageEditInputSchema,
  messageInputSchema,
  messageRangeInputSchema,
  messageReactInputSchema,
  messageSearchInputSchema,
} from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { MutationRateLimiter } from '../live/transport/limits';
import type { Services } from '../services';
import { messageDeleter, messageEditor, messageReactor } from './commands';
import { messageRange, messagesTopic, newestMessages } from './live';
import { requireMessageAccess } from './phaseAccess';
import { searchMessages } from './search';
import { DomainError } from '../errors';

/** Each node's search budget per person (a token bucket: SEARCH_PER_MINUTE, refilled evenly). */
const searchLimiters = new WeakMap<Services, MutationRateLimiter>();

function searchLimiterOf(services: Services): MutationRateLimiter {
  let limiter = searchLimiters.get(services);
  if (!limiter) {
    const perMinute = services.config.searchPerMinute;
    limiter = new MutationRateLimiter(perMinute / 60, perMinute);
    searchLimiters.set(services, limiter);
  }
  if (limiter.size > 10_000) limiter.prune();
  return limiter;
}

const channelRef = z.object({ class_id: documentIdSchema, channel_id: documentIdSchema });

export const messagesRouter = router({
  /** Posts a message (group commit: the statement checks the session, so the middleware does not). */
  send: authedProcedure
    .meta({ checksSession: true })
    .input(messageInputSchema)
    .mutation(({ ctx, input }) => ctx.services.sendQueue.send(ctx.viewer, input, ctx.session)),
  edit: authedProcedure
    .input(messageEditInputSchema)
    .mutation(({ ctx, input }) => messageEditor(ctx.services.database.db, ctx.viewer, input)),
  delete: authedProcedure.input(z.object({ id: documentIdSchema })).mutation(({ ctx, input }) =>
    messageDeleter(ctx.services.database.db, ctx.viewer, input.id, {
      objects: ctx.services.objects,
      log: ctx.services.hub.log,
    }),
  ),
  /** Adds or removes the viewer's emoji reaction (live to the channel as the message's new version). */
  react: authedProcedure
    .input(messageReactInputSchema)
    .mutation(({ ctx, input }) => messageReactor(ctx.services.database.db, ctx.viewer, input)),

  /** 25 messages before `beforeSeq`, oldest first (scrolling up). */
  page: authedProcedure
    .input(channelRef.extend({ beforeSeq: z.int().min(1) }))
    .query(async ({ ctx, input }) => {
      const { db } = ctx.services.database;
      const access = await requireMessageAccess(db, ctx.viewer, input.class_id, input.channel_id);
      return newestMessages(db, access, input.beforeSeq);
    }),

  /** The messages from `fromSeq` up to `beforeSeq` (at most 500): opening a channel at a message. */
  range: authedProcedure.input(messageRangeInputSchema).query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    const access = await requireMessageAccess(db, ctx.viewer, input.class_id, input.channel_id);
    return messageRange(db, access, input.fromSeq, input.beforeSeq);
  }),

  /**
   * Full-text search over the messages of the channels of a class the viewer sees (ranked); at
   * most SEARCH_PER_MINUTE per person per node.
   */
  search: authedProcedure.input(messageSearchInputSchema).query(({ ctx, input }) => {
    if (!searchLimiterOf(ctx.services).take(ctx.viewer.uid)) {
      throw new DomainError({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many searches in a short time. Wait a moment and try again.',
      });
    }
    return searchMessages(ctx.services.database.db, ctx.viewer, input);
  }),

  /**
   * The newest 25 then every new, edited or deleted message, in seq order. A stream: its events
   * carry a cursor, and a client resubscribing with it as `lastEventId` resumes with nothing lost
   * and nothing twice, on any node.
   */
  live: liveSubscription(messagesTopic),
});

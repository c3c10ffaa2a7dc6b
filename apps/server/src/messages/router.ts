// Docs: docs/realtime.md — messages: send, edit, delete, older pages, and the live stream.
import { z } from 'zod';
import {
  documentIdSchema,
  messageEditInputSchema,
  messageInputSchema,
  messageReactInputSchema,
} from '@seminar/shared';
import { requireChannelAccess } from '../channels/access';
import { authedProcedure, liveSubscription, router } from '../live/trpc';
import { messageDeleter, messageEditor, messageReactor } from './commands';
import { messagesTopic, newestMessages } from './live';

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
  delete: authedProcedure
    .input(z.object({ id: documentIdSchema }))
    .mutation(({ ctx, input }) => messageDeleter(ctx.services.database.db, ctx.viewer, input.id)),
  /** Adds or removes the viewer's emoji reaction (live to the channel as the message's new version). */
  react: authedProcedure
    .input(messageReactInputSchema)
    .mutation(({ ctx, input }) => messageReactor(ctx.services.database.db, ctx.viewer, input)),

  /** 25 messages before `beforeSeq`, oldest first (scrolling up). */
  page: authedProcedure
    .input(channelRef.extend({ beforeSeq: z.int().min(1) }))
    .query(async ({ ctx, input }) => {
      await requireChannelAccess(
        ctx.services.database.db,
        ctx.viewer,
        input.class_id,
        input.channel_id,
      );
      return newestMessages(ctx.services.database.db, input.channel_id, input.beforeSeq);
    }),

  /**
   * The newest 25 then every new, edited or deleted message, in seq order. A stream: its events
   * carry a cursor, and a client resubscribing with it as `lastEventId` resumes with nothing lost
   * and nothing twice, on any node.
   */
  live: liveSubscription(messagesTopic),
});

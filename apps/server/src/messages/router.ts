// Docs: docs/realtime.md — messages: send, edit, delete, older pages, and the live stream.
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { documentIdSchema, messageEditInputSchema, messageInputSchema } from '@seminar/shared';
import { requireChannelAccess } from '../channels/access';
import type { LiveEvent } from '@seminar/shared';
import { authedProcedure, router } from '../live/trpc';
import { messageDeleter, messageEditor, messageSender } from './commands';
import {
  decodeCursor,
  encodeCursor,
  messagesTopic,
  newestMessages,
  resumableCursor,
  type MessageCursor,
} from './live';
import type { Message } from '@seminar/shared';

const channelRef = z.object({ class_id: documentIdSchema, channel_id: documentIdSchema });

export const messagesRouter = router({
  send: authedProcedure
    .input(messageInputSchema)
    .mutation(({ ctx, input }) => messageSender(ctx.services.database.db, ctx.viewer, input)),
  edit: authedProcedure
    .input(messageEditInputSchema)
    .mutation(({ ctx, input }) => messageEditor(ctx.services.database.db, ctx.viewer, input)),
  delete: authedProcedure
    .input(z.object({ id: documentIdSchema }))
    .mutation(({ ctx, input }) => messageDeleter(ctx.services.database.db, ctx.viewer, input.id)),

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
   * The newest 25 then every new, edited or deleted message, in seq order. Events are tracked with
   * a cursor, so after a reconnect tRPC sends it back as lastEventId and the stream resumes with
   * nothing lost and nothing twice.
   */
  live: authedProcedure
    .input(channelRef.extend({ lastEventId: z.string().max(40).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      let cursor = await resumableCursor(
        ctx.services.database.db,
        input.channel_id,
        decodeCursor(input.lastEventId),
      );
      const events = ctx.services.hub.subscribe(
        messagesTopic,
        ctx.viewer,
        { class_id: input.class_id, channel_id: input.channel_id, cursor },
        signal ?? new AbortController().signal,
      );
      for await (const event of events) {
        cursor = advance(cursor, event);
        yield tracked(encodeCursor(cursor ?? { seq: 0, version: 0 }), event);
      }
    }),
});

function advance(cursor: MessageCursor | null, event: LiveEvent<Message>): MessageCursor | null {
  if (event.type !== 'snapshot' && event.type !== 'upsert') return cursor;
  let { seq, version } = cursor ?? { seq: 0, version: 0 };
  for (const row of event.rows) {
    seq = Math.max(seq, row.seq);
    version = Math.max(version, row.version);
  }
  return { seq, version };
}

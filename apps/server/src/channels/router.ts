// Docs: docs/channels.md — channels, their members, reads, typing and online notices, prewarm.
import { z } from 'zod';
import {
  channelCreateInputSchema,
  channelUpdateInputSchema,
  documentIdSchema,
  notificationTypeSchema,
  notifyLevelSchema,
} from '@seminar/shared';
import { and, eq } from 'drizzle-orm';
import { channels } from '../db/schema';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { requireChannelAccess } from './access';
import {
  channelCreator,
  channelDeleter,
  channelMemberSetter,
  channelLeaver,
  channelNoticesClearer,
  channelNotifier,
  channelReadMarker,
  channelUpdater,
  typingClearer,
} from './commands';
import { channelMembersTopic, channelsTopic, notificationsTopic } from './live';
import { channelNotifySetter } from './settings';

const classRef = z.object({ class_id: documentIdSchema });
const presenceKey = (ref: { channel_id: string }) => `presence:${ref.channel_id}`;
const channelRef = classRef.extend({ channel_id: documentIdSchema });

export const channelsRouter = router({
  /** The viewer's channel list for a class, live, with unread counts. */
  live: liveSubscription(channelsTopic),
  create: authedProcedure
    .input(channelCreateInputSchema)
    .mutation(({ ctx, input }) => channelCreator(ctx.services.database.db, ctx.viewer, input)),
  update: authedProcedure
    .input(channelUpdateInputSchema)
    .mutation(({ ctx, input }) => channelUpdater(ctx.services.database.db, ctx.viewer, input)),
  delete: authedProcedure
    .input(channelRef)
    .mutation(({ ctx, input }) => channelDeleter(ctx.services.database.db, ctx.viewer, input)),
  setMember: authedProcedure
    .input(channelRef.extend({ uid: documentIdSchema, member: z.boolean() }))
    .mutation(({ ctx, input }) =>
      channelMemberSetter(ctx.services.database.db, ctx.viewer, input, input.member),
    ),
  /** The enrolled members of a channel, live (anyone who sees it; e-mails for instructors only). */
  members: liveSubscription(channelMembersTopic),
  markRead: authedProcedure
    .meta({ signal: true })
    .input(channelRef.extend({ seq: z.int().min(0) }))
    .mutation(({ ctx, input }) =>
      channelReadMarker(ctx.services.database.db, ctx.viewer, input, input.seq),
    ),

  /** The viewer's notification level for a channel: all, mentions only, or none. */
  setNotify: authedProcedure
    .input(channelRef.extend({ notify: notifyLevelSchema }))
    .mutation(({ ctx, input }) =>
      channelNotifySetter(ctx.services.database.db, ctx.viewer, input, input.notify),
    ),

  /** Typing and online notices of a channel, live (SPEC §7 "Notifications"). */
  notifications: liveSubscription(notificationsTopic),
  notify: authedProcedure
    .meta({ signal: true })
    .input(channelRef.extend({ type: notificationTypeSchema }))
    .mutation(({ ctx, input }) =>
      channelNotifier(ctx.services.database.db, ctx.viewer, input, input.type).then(() => {
        // Online here until this socket closes (or the viewer leaves): then it ends for everyone.
        if (input.type !== 'user_online') return;
        const ref = { class_id: input.class_id, channel_id: input.channel_id };
        const db = ctx.services.database.db;
        ctx.session?.hold(presenceKey(ref), () =>
          channelNoticesClearer(db, ctx.viewer.uid, ref, ['user_online', 'user_typing']),
        );
      }),
    ),
  clearTyping: authedProcedure
    .meta({ signal: true })
    .input(channelRef)
    .mutation(({ ctx, input }) => typingClearer(ctx.services.database.db, ctx.viewer, input)),
  /**
   * The viewer leaves the channel (the page is hidden or closed, they sign out): their online and
   * typing notices end for everyone at once.
   */
  leave: authedProcedure
    .meta({ signal: true })
    .input(channelRef)
    .mutation(async ({ ctx, input }) => {
      await channelLeaver(ctx.services.database.db, ctx.viewer, input);
      ctx.session?.unhold(presenceKey(input));
    }),

  /**
   * Picking a channel warms the send path (DESIGN §2 prewarm): the access check and the channel read
   * a send runs, on this connection's node; no placeholder rows are written.
   */
  prewarm: authedProcedure.input(channelRef).query(async ({ ctx, input }) => {
    const db = ctx.services.database.db;
    await requireChannelAccess(db, ctx.viewer, input.class_id, input.channel_id);
    await db
      .select({ last_seq: channels.last_seq })
      .from(channels)
      .where(and(eq(channels.channel_id, input.channel_id), eq(channels.class_id, input.class_id)));
    return { ready: true };
  }),
});

// Docs: docs/channels.md#notifications — a person's away-notification settings: live, and changed
// one choice at a time (only one's own: the viewer is the only person any procedure names) — and
// the viewer's browsers' push subscriptions.
import {
  notificationSettingsUpdateSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
} from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../trpc';
import { pushSubscriber, pushUnsubscriber, viewerSettingsUpdater } from './commands';
import { settingsTopic } from './live';

export const notificationsRouter = router({
  /** The viewer's settings, live across their tabs and nodes. */
  settings: liveSubscription(settingsTopic),
  /** Changes the e-mail delay, or mutes or unmutes one of the viewer's classes. */
  update: authedProcedure
    .input(notificationSettingsUpdateSchema)
    .mutation(({ ctx, input }) =>
      viewerSettingsUpdater(ctx.services.database.db, ctx.viewer, input),
    ),
  /** The VAPID public key a browser subscribes with (the same for everyone: not a secret). */
  pushKey: authedProcedure.query(({ ctx }) => ({ public_key: ctx.services.push.publicKey })),
  /** Keeps this browser's push subscription for the viewer. */
  pushSubscribe: authedProcedure
    .input(pushSubscribeSchema)
    .mutation(({ ctx, input }) => pushSubscriber(ctx.services.database.db, ctx.viewer, input)),
  /** Forgets one of the viewer's browsers. */
  pushUnsubscribe: authedProcedure
    .input(pushUnsubscribeSchema)
    .mutation(({ ctx, input }) => pushUnsubscriber(ctx.services.database.db, ctx.viewer, input)),
});

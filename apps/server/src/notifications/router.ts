// Docs: docs/channels.md#notifications — a person's away-notification settings: live, and changed
// one choice at a time (only one's own: the viewer is the only person either procedure names).
import { notificationSettingsUpdateSchema } from '@seminar/shared';
import { authedProcedure, liveSubscription, router } from '../live/trpc';
import { viewerSettingsUpdater } from './commands';
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
});

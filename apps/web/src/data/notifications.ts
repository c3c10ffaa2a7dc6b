// Docs: docs/channels.md#notifications — the viewer's away-notification settings (e-mail delay,
// muted classes), live across their tabs, and the one write that changes them (shown at once,
// undone if the server refuses).
import { useMemo } from 'react';
import {
  DEFAULT_EMAIL_DELAY,
  type EmailDelay,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type PushSubscribeInput,
} from '@seminar/shared';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useOptimisticWrite } from '../live/optimistic';
import { useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED, NOT_CONNECTED_MESSAGE } from './connection';

export const notificationSettingsQuery = liveQuery(
  'notifications.settings',
  undefined,
  { idOf: (row) => row.uid },
);

/** The viewer's settings, live (one row). */
export function useNotificationSettings(): LiveQueryResult<NotificationSettings> {
  return useLiveQuery(notificationSettingsQuery);
}

/** The settings a row says, or the defaults before it arrives. */
export function settingsOf(
  row: NotificationSettings | undefined,
  uid: string,
): NotificationSettings {
  return row ?? { uid, email_delay: DEFAULT_EMAIL_DELAY, muted_class_ids: [], version: 0 };
}

/** What the settings page changes. */
export function useNotificationSettingsActions() {
  const { client } = useLive();
  const write = useOptimisticWrite();
  return useMemo(() => {
    const update = (current: NotificationSettings, change: NotificationSettingsUpdate) => {
      if (!client) return Promise.resolve(NOT_CONNECTED);
      const row: NotificationSettings =
        'email_delay' in change
          ? { ...current, email_delay: change.email_delay }
          : {
              ...current,
              muted_class_ids: change.muted
                ? [...new Set([...current.muted_class_ids, change.class_id])]
                : current.muted_class_ids.filter((id) => id !== change.class_id),
            };
      return write({
        key: notificationSettingsQuery.key,
        id: current.uid,
        row,
        mutate: () => client.notifications.update.mutate(change),
        serverRow: (result) => result,
      });
    };
    return {
      setEmailDelay: (current: NotificationSettings, email_delay: EmailDelay) =>
        update(current, { email_delay }),
      setClassMuted: (current: NotificationSettings, classId: string, muted: boolean) =>
        update(current, { class_id: classId, muted }),
    };
  }, [client, write]);
}

/**
 * This browser's Web Push subscription as the server keeps it (docs/channels.md#web-push): the key
 * to subscribe with, and keeping or forgetting the subscription.
 */
export function usePushActions() {
  const { client } = useLive();
  return useMemo(() => {
    const connected = () => {
      if (!client) throw new Error(NOT_CONNECTED_MESSAGE);
      return client;
    };
    return {
      publicKey: async () => (await connected().notifications.pushKey.query()).public_key,
      subscribe: (input: PushSubscribeInput) => connected().notifications.pushSubscribe.mutate(input),
      unsubscribe: (endpoint: string) =>
        connected().notifications.pushUnsubscribe.mutate({ endpoint }),
    };
  }, [client]);
}

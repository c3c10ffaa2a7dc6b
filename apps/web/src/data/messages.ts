// Docs: docs/ARCHITECTURE.md#web-data, DESIGN §4 "Messages" — the messages resource: a channel's
// newest messages then every new, edited or deleted one (a tracked stream that resumes after a
// resubscribe), older pages on demand, and the message writes. Writes are optimistic with the row's
// id made on the client, so sending the same write again can never post twice.
import { useSession } from '../auth/session';
import { useOwnPseudonym } from './activities';
import { useCaseActivity } from './phases';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyReaction, MESSAGE_RANGE_MAX, type Message } from '@seminar/shared';
import { logEvent } from '../analytics/events';
import { dismissFailedWrite, upsertLiveRows } from '../live/liveCache';
import { liveQuery } from '../live/liveQueries';
import { useLive } from '../live/LiveProvider';
import { useOptimisticWrite, type OptimisticOutcome } from '../live/optimistic';
import { useLivePrefetch, useLiveQuery, type LiveQueryResult } from '../live/useLiveQuery';
import { NOT_CONNECTED } from './connection';

/** A channel's newest messages kept on this device for offline use. */
export const OFFLINE_MESSAGES = 100;

/** Seq of a message shown before the server numbered it. */
export const UNSENT_SEQ = Number.MAX_SAFE_INTEGER;

export const messageIdOf = (row: Message) => row.id;

/** Seq order; messages not yet sent (seq = UNSENT_SEQ) last, in the order they were written. */
export const bySeq = (a: Message, b: Message) => a.seq - b.seq || a.created_at - b.created_at;

/** The newest messages of a channel, then every change (resumable). */
export const messagesQuery = (classId: string, channelId: string) =>
  liveQuery(
    'messages.live',
    { class_id: classId, channel_id: channelId },
    // The newest messages are kept on this device for a page opened offline (docs/realtime.md#offline).
    { idOf: messageIdOf, sort: bySeq, resumable: true, offline: { maxRows: OFFLINE_MESSAGES } },
  );

export function useMessages(classId: string, channelId: string): LiveQueryResult<Message> {
  const result = useLiveQuery(messagesQuery(classId, channelId));
  return useOwnPosts(classId, channelId, result);
}

/**
 * In an anonymous activity's case channel a student's own posts arrive under their pseudonym key
 * like everyone's (docs/activities.md#anonymity): shown as theirs again here — their uid, so they
 * can edit and delete them, and "You (Participant 7)" — from their own pseudonym.
 */
function useOwnPosts(
  classId: string,
  channelId: string,
  result: LiveQueryResult<Message>,
): LiveQueryResult<Message> {
  const { user } = useSession();
  const activity = useCaseActivity(classId, channelId);
  const own = useOwnPseudonym(classId, activity?.anonymous ? activity.activity_id : null);
  const key = own.data?.key ?? null;
  const label = own.data?.label ?? null;
  const rows = useMemo(
    () =>
      key === null || !user
        ? result.rows
        : result.rows.map((message) => {
            if (message.author_uid !== key) return message;
            const { pseudonym: _number, ...rest } = message;
            return { ...rest, author_uid: user.id, author_name: `You (${label ?? ''})` };
          }),
    [result.rows, key, label, user],
  );
  return rows === result.rows ? result : { ...result, rows };
}

/**
 * Starts a channel's messages subscription while mounted, without reading it (null: none): the chat
 * panel, which knows the open channel from the URL, subscribes its messages beside the channel list
 * instead of after it, so the channel opens with its messages in its first render.
 */
export function usePrefetchMessages(classId: string, channelId: string | null): void {
  useLivePrefetch(channelId === null ? null : messagesQuery(classId, channelId));
}

/** The message writes of one channel; each resolves with its outcome (never throws). */
/** A stretch of a channel's messages: `fromSeq` up to (not including) `beforeSeq`. */
export interface MessageRange {
  class_id: string;
  channel_id: string;
  fromSeq: number;
  beforeSeq: number;
}

/** Reads a stretch of a channel's messages once (see `useMessageRangeReader`). */
export type MessageRangeReader = (range: MessageRange) => Promise<Message[]>;

/**
 * Reads a stretch of any channel's messages once, outside the live rows (a notification's words,
 * for a channel that is not open: loading them into its rows would make it look read); `null`
 * while there is no live client.
 */
export function useMessageRangeReader(): MessageRangeReader | null {
  const { client } = useLive();
  return useMemo(
    () => (client ? (range: MessageRange) => client.messages.range.query(range) : null),
    [client],
  );
}

export function useMessageActions(classId: string, channelId: string) {
  const { client } = useLive();
  const queryClient = useQueryClient();
  const write = useOptimisticWrite();

  return useMemo(() => {
    const key = messagesQuery(classId, channelId).key;
    const none = (): Promise<OptimisticOutcome<Message>> => Promise.resolve(NOT_CONNECTED);
    return {
      /** Sends `row` (made by the caller with a client-made id and seq UNSENT_SEQ). */
      send: (row: Message) => {
        if (!client) return none();
        const input = {
          id: row.id,
          class_id: classId,
          channel_id: channelId,
          body: row.body,
          ...(row.attachments.length > 0
            ? { attachment_ids: row.attachments.map((file) => file.id) }
            : {}),
        };
        return write({
          key,
          id: row.id,
          row,
          mutate: () =>
            client.messages.send.mutate(input).then((message) => {
              logEvent('message_sent', {
                uid: row.author_uid,
                class_id: classId,
                channel_id: channelId,
              });
              return message;
            }),
          serverRow: (message) => message,
        });
      },
      edit: (message: Message, body: string, editedAt: number) => {
        if (!client) return none();
        return write({
          key,
          id: message.id,
          row: { ...message, body, edited_at: editedAt },
          mutate: () => client.messages.edit.mutate({ id: message.id, body }),
          serverRow: (result) => result,
        });
      },
      remove: (message: Message) => {
        if (!client) return none();
        return write({
          key,
          id: message.id,
          row: { ...message, deleted: true, body: '' },
          mutate: () => client.messages.delete.mutate({ id: message.id }),
          serverRow: (result) => result,
        });
      },
      /** Adds (`on`) or removes `uid`'s reaction; shown at once, undone if refused. */
      react: (message: Message, uid: string, emoji: string, on: boolean) => {
        if (!client) return none();
        const outcome = applyReaction(message.reactions, uid, emoji, on);
        if (!outcome.ok || !outcome.changed) return none();
        return write({
          key,
          id: message.id,
          row: { ...message, reactions: outcome.reactions },
          mutate: () => client.messages.react.mutate({ id: message.id, emoji, on }),
          serverRow: (result) => result,
        });
      },
      /** Loads the page before `beforeSeq` into the live rows; resolves with how many came. */
      loadOlder: async (beforeSeq: number): Promise<number> => {
        if (!client) throw NOT_CONNECTED.error;
        const rows = await client.messages.page.query({
          class_id: classId,
          channel_id: channelId,
          beforeSeq,
        });
        upsertLiveRows<Message>(queryClient, key, rows, messageIdOf);
        return rows.length;
      },
      /**
       * Loads every message from `fromSeq` up to `beforeSeq` (the oldest loaded) into the live rows,
       * in requests of at most MESSAGE_RANGE_MAX, newest first, so the rows stay without a gap:
       * opening the channel at an older message (a search result). The server may answer the
       * newest part of a request (large messages): the next one starts before the oldest it sent.
       */
      loadRange: async (fromSeq: number, beforeSeq: number): Promise<void> => {
        if (!client) throw NOT_CONNECTED.error;
        let before = beforeSeq;
        while (before > fromSeq) {
          const rows = await client.messages.range.query({
            class_id: classId,
            channel_id: channelId,
            fromSeq: Math.max(fromSeq, before - MESSAGE_RANGE_MAX),
            beforeSeq: before,
          });
          upsertLiveRows<Message>(queryClient, key, rows, messageIdOf);
          const oldest = rows[0]?.seq;
          // Nothing there (or nothing older than asked): the rest of the range is empty.
          if (oldest === undefined || oldest >= before) break;
          before = oldest;
        }
      },
      /** Forgets a refused write (the user discarded it). */
      dismissFailed: (id: string) => dismissFailedWrite(queryClient, key, id),
    };
  }, [client, queryClient, write, classId, channelId]);
}

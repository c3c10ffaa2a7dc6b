// A channel's messages and every write on them, for ChatView: the live rows, marking them read,
// optimistic sends kept in the outbox until the server has them (a reload loses none), writes lost
// on the way sent again when the connection is back, edits, reactions, deletes and older pages.
// Sends carry a client-made id, so a retry (by hand or by itself) can never post a message twice.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  displayName,
  encodeMentions,
  newMessageId,
  type ChannelView,
  type Message,
  type MentionablePerson,
} from '@seminar/shared';
import type { useChannelActions } from '../../data/channels';
import { useConnectionState } from '../../data/connection';
import { UNSENT_SEQ, useMessageActions, useMessages } from '../../data/messages';
import { useServerOffset } from '../../live/serverTime';
import { displayMessages } from './displayMessages';
import { isLostOnTheWay, useLostWriteRetries } from './lostWrites';
import type { DisplayMessage } from './MessageList';
import { useDocumentVisible } from './useChannelPresence';
import { useOutbox } from './useOutbox';

const warn = (what: string) => (error: unknown) => console.warn(`[seminar] ${what}`, error);

/**
 * A function whose identity never changes and that always runs the latest `fn`: handlers given to
 * the memoized message list, so a render of the channel does not render the list again.
 */
function useStableHandler<Args extends unknown[]>(fn: (...args: Args) => void) {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

export function useChannelMessages({
  classId,
  channel,
  viewer,
  channelActions,
  mentionable,
}: {
  classId: string;
  channel: ChannelView;
  viewer: { uid: string; email: string; name: string };
  channelActions: ReturnType<typeof useChannelActions>;
  /** Who `@name` may mention here: typed mentions become references to their uids. */
  mentionable: readonly MentionablePerson[];
}) {
  const channelId = channel.channel_id;
  const connection = useConnectionState();
  const messageActions = useMessageActions(classId, channelId);
  const offset = useServerOffset();
  const visible = useDocumentVisible();
  const messages = useMessages(classId, channelId);
  const [olderState, setOlderState] = useState<'idle' | 'loading' | 'done'>('idle');

  // The newest message the server has numbered, and the oldest loaded.
  const { newestSeq, oldestSeq } = useMemo(() => {
    let newest = 0;
    let oldest = Infinity;
    for (const message of messages.rows) {
      if (message.seq >= UNSENT_SEQ) continue;
      newest = Math.max(newest, message.seq);
      oldest = Math.min(oldest, message.seq);
    }
    return { newestSeq: newest, oldestSeq: oldest };
  }, [messages.rows]);

  // Mark read up to the newest message while the channel is open and the tab visible.
  const markedUpTo = useRef(0);
  useEffect(() => {
    if (!channelActions.connected || !visible || messages.status !== 'ready') return;
    if (newestSeq <= Math.max(markedUpTo.current, channel.last_read_seq)) return;
    markedUpTo.current = newestSeq;
    channelActions.markRead(channelId, newestSeq).catch((error: unknown) => {
      markedUpTo.current = 0;
      warn('mark read')(error);
    });
  }, [channelActions, visible, messages.status, newestSeq, channel.last_read_seq, channelId]);

  // Writes lost on the way go again by themselves once the connection is back (lostWrites.ts).
  const { lostIds, noteOutcome } = useLostWriteRetries(connection, messages.failed);

  // Sends kept in localStorage until the server has them (outbox.ts): a reload loses none.
  const outbox = useOutbox({
    uid: viewer.uid,
    classId,
    channelId,
    ready: messages.status === 'ready' && channelActions.connected,
    rows: messages.rows,
    busy: (id) => messages.pendingIds.has(id) || messages.failed.has(id),
    resend: (row) =>
      messageActions.send(row).then((outcome) => {
        noteOutcome(row.id)(outcome);
        return !isLostOnTheWay(outcome);
      }),
  });

  /** Posts `text` with the attachments taken from the composer. */
  const send = (text: string, attachments: Message['attachments']) => {
    // `@Ada Lovelace` typed (or picked) becomes a reference to Ada's uid (docs/channels.md#mentions).
    const body = encodeMentions(text, mentionable);
    // No uid in the id: it reaches every reader (docs/activities.md#anonymity).
    const id = newMessageId();
    const row: Message = {
      id,
      class_id: classId,
      channel_id: channelId,
      seq: UNSENT_SEQ,
      author_uid: viewer.uid,
      author_name: displayName(viewer.name) || viewer.email,
      body,
      created_at: Date.now() + offset,
      edited_at: null,
      deleted: false,
      reactions: [],
      attachments,
      version: 0,
      ai: null,
    };
    // Kept first: without a live client yet it is sent once there is one (useOutbox).
    outbox.remember(row);
    if (!channelActions.connected) return;
    void messageActions.send(row).then((outcome) => {
      noteOutcome(id)(outcome);
      // Sent, or refused (then shown with Retry): no longer the outbox's. Lost: kept.
      if (!isLostOnTheWay(outcome)) outbox.forget(id);
    });
  };

  const edit = useStableHandler((message: Message, text: string) => {
    if (!channelActions.connected) return;
    const body = encodeMentions(text, mentionable);
    void messageActions.edit(message, body, Date.now() + offset).then(noteOutcome(message.id));
  });

  const react = useStableHandler((message: Message, emoji: string, on: boolean) => {
    if (!channelActions.connected) return;
    void messageActions.react(message, viewer.uid, emoji, on).then(noteOutcome(message.id));
  });

  const remove = useStableHandler((message: Message) => {
    if (!channelActions.connected) return;
    void messageActions.remove(message).then(noteOutcome(message.id));
  });

  const loadOlder = useStableHandler(() => {
    if (olderState !== 'idle' || !Number.isFinite(oldestSeq) || oldestSeq <= 1) return;
    if (!channelActions.connected) return;
    setOlderState('loading');
    messageActions
      .loadOlder(oldestSeq)
      .then((count) => setOlderState(count === 0 ? 'done' : 'idle'))
      .catch((error: unknown) => {
        warn('older messages')(error);
        setOlderState('idle');
      });
  });

  // Messages with their state, failed sends at the end, then the outbox's (displayMessages.ts).
  const items = useMemo<DisplayMessage[]>(
    () =>
      displayMessages({
        rows: messages.rows,
        failed: messages.failed,
        pendingIds: messages.pendingIds,
        lostIds,
        kept: outbox.kept,
        connectionOpen: connection === 'open',
        noteOutcome,
        dismissFailed: messageActions.dismissFailed,
      }),
    [
      messages.rows,
      messages.failed,
      messages.pendingIds,
      lostIds,
      outbox.kept,
      connection,
      noteOutcome,
      messageActions.dismissFailed,
    ],
  );

  const hasOlder =
    olderState !== 'done' &&
    Number.isFinite(oldestSeq) &&
    oldestSeq > 1 &&
    messages.status === 'ready';

  return {
    messages,
    messageActions,
    items,
    newestSeq,
    oldestSeq,
    hasOlder,
    loadingOlder: olderState === 'loading',
    outbox,
    send,
    edit,
    react,
    remove,
    loadOlder,
  };
}

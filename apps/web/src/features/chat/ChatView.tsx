// One open channel: its messages (live), who is typing and who is online (ChannelPresence.tsx, which
// re-render alone while someone types), and the composer.
// Opening it warms the send path (channels.prewarm, DESIGN §2 — no placeholder rows) and marks it
// read up to the newest message, again as new ones arrive while it is open and the tab visible.
// Sends are optimistic with a client-made id, so a retry (by hand, or by itself when the
// connection comes back) can never post a message twice.
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import {
  displayName,
  encodeMentions,
  newMessageId,
  type ChannelView,
  type Message,
} from '@seminar/shared';
import { channelTitle, useChannelActions } from '../../data/channels';
import { useConnectionState } from '../../data/connection';
import { UNSENT_SEQ, useMessageActions, useMessages } from '../../data/messages';
import { useServerOffset } from '../../live/serverTime';
import { useChannelChatPeople } from './ChatPeople';
import { ChannelProviders } from '../classroom/ChannelPolls';
import { ClassroomBar, StaffControlsSlot } from '../classroom/ClassroomBar';
import { PendingUploads } from './Attachments';
import { Composer } from './Composer';
import { useAttachmentUploads, useFileDrop } from './useAttachmentUploads';
import { useListHold, useOpenAtMessage, type MessageFocus } from './useOpenAtMessage';
import { ChannelTop, usePinFocus } from './CaseBriefAndPins';
import { clearDraft, loadDraft, saveDraft } from './drafts';
import { useFirstContentShown, useReleaseFirstContent } from '../../shell/firstContent';
import { preloadChatMenus } from './lazyRowMenus';
import { ChannelHeader } from './ChannelHeader';
import { TypingLine } from './ChannelPresence';
import { ChannelFrame, frameClass } from './channelFrameStyles';
import { displayMessages } from './displayMessages';
import { isLostOnTheWay, useLostWriteRetries } from './lostWrites';
import { MessageList, type DisplayMessage } from './MessageList';
import { SavedCopyNote } from './SavedCopyNote';
import type { ChannelAgentInfo } from './useChannelAgents';
import { AgentCardContext } from './agentCardContext';
import { useCaseActivity } from '../../data/phases';
import { useChannelPresence, useDocumentVisible } from './useChannelPresence';
import { useFirstUnread } from './useFirstUnread';
import { useOutbox } from './useOutbox';
import { Spinner } from '../../shell/ui';
import { focusComposer } from '../../shell/focus';
import { PhaseBar } from '../phases/PhaseBar';
import { useCasePhase } from '../phases/useCasePhase';

export { UNSENT_SEQ };

export interface ChatViewer {
  uid: string;
  email: string;
  /** Stored 'Last, First' name. */
  name: string;
}

export interface ChatViewProps {
  classId: string;
  channel: ChannelView;
  viewer: ChatViewer;
  /** Instructors and admins: delete any message, open the channel's settings. */
  canManage: boolean;
  /** Why nothing can be posted (an archived class, docs/classes.md#archive); null when it can. */
  readOnlyNote?: string | null;
  onOpenSettings?: () => void;
  /** On narrow screens: back to the channel list. */
  onBack?: (() => void) | undefined;
  /** A message to open the channel at (a search result), with history around it. */
  focus?: MessageFocus | null;
}

export type { MessageFocus };

// The members dialog (with MUI's Autocomplete) loads when first opened, not with the channel.
const ChannelAgentsSource = lazy(() => import('./ChannelAgentsSource'));
const AgentCardDialog = lazy(() => import('./AgentCardDialog'));
const NO_AGENTS: readonly ChannelAgentInfo[] = [];
const MembersPanel = lazy(() =>
  import('./MembersPanel').then((module) => ({ default: module.MembersPanel })),
);

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

export function ChatView({
  classId,
  channel,
  viewer,
  canManage,
  readOnlyNote = null,
  onOpenSettings,
  onBack,
  focus = null,
}: ChatViewProps) {
  const channelId = channel.channel_id;
  const connection = useConnectionState();
  const channelActions = useChannelActions(classId);
  const messageActions = useMessageActions(classId, channelId);
  const offset = useServerOffset();
  const visible = useDocumentVisible();
  const messages = useMessages(classId, channelId);
  const presence = useChannelPresence(channelActions, channelId);
  const [olderState, setOlderState] = useState<'idle' | 'loading' | 'done'>('idle');
  const [membersOpen, setMembersOpen] = useState(false);
  const people = useChannelChatPeople(classId, channel, viewer.uid);
  // The channel's AI agents (the mention picker offers them), read by a chunk of their own loaded
  // only when an activity of this channel has an AI product.
  const caseActivity = useCaseActivity(classId, channelId);
  const [agents, setAgents] = useState<readonly ChannelAgentInfo[]>(NO_AGENTS);
  const hasAgents = caseActivity !== null && caseActivity.product_id !== null;
  // The agent whose card is open (its name in a message row opens it).
  const [agentCard, setAgentCard] = useState<string | null>(null);
  // Files attached in the composer: the button, a paste, or dropped anywhere on the channel.
  const files = useAttachmentUploads(classId, channelId);
  const drop = useFileDrop(channel.enabled, files.attach);

  // The unsent text of this channel survives switching channels and a reload (drafts.ts).
  const draftScope = useMemo(
    () => ({ uid: viewer.uid, classId, channelId }),
    [viewer.uid, classId, channelId],
  );
  const [initialDraft] = useState(() => loadDraft(draftScope));
  const keepDraft = useCallback((text: string) => saveDraft(draftScope, text), [draftScope]);

  // Picking a channel warms its send path; failures are only logged (SPEC §8).
  useEffect(() => {
    if (channelActions.connected) channelActions.prewarm(channelId);
  }, [channelActions, channelId]);

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

  const send = (text: string) => {
    // `@Ada Lovelace` typed (or picked) becomes a reference to Ada's uid (docs/channels.md#mentions).
    const body = encodeMentions(text, people.mentionable);
    // No uid in the id: it reaches every reader (docs/activities.md#anonymity).
    const id = newMessageId();
    const attachments = files.take();
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
    presence.typingEnded();
    clearDraft(draftScope);
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
    const body = encodeMentions(text, people.mentionable);
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

  // Open at a message (a search result, or a pin: the later asked), with its history loaded.
  const { opening, openPin } = usePinFocus(channelId, focus);
  const focused = useOpenAtMessage(opening, {
    ready: messages.status === 'ready' && channelActions.connected,
    oldestSeq,
    loadRange: messageActions.loadRange,
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

  // Opening a channel with unread messages opens it at the first of them (useFirstUnread.ts).
  const { firstUnreadSeq, reachingUnread } = useFirstUnread({
    channel,
    ready: messages.status === 'ready' && channelActions.connected,
    oldestSeq,
    newestSeq,
    loadOlder: messageActions.loadOlder,
  });
  // The list waits for the first unread, or for a message it opens at (useOpenAtMessage.ts).
  const holding = useListHold({
    reachingUnread,
    ready: messages.status === 'ready',
    connected: channelActions.connected,
    opening,
    focused,
  });

  const title = channelTitle(channel);
  const hasOlder =
    olderState !== 'done' &&
    Number.isFinite(oldestSeq) &&
    oldestSeq > 1 &&
    messages.status === 'ready';

  // The header's buttons and the typing line follow the messages on a page opened onto this channel
  // (shell/firstContent.ts): once the list has rendered rows, or at once without any to show.
  const controlsShown = useFirstContentShown();
  const releaseControls = useReleaseFirstContent(
    messages.status === 'error' ||
      messages.status === 'ended' ||
      (messages.status === 'ready' && items.length === 0),
  );

  const casePhase = useCasePhase(classId, channelId, canManage, viewer.uid, messages.rows);
  return (
    <ChannelProviders
      people={people}
      polls={{ classId, channelId, canManage }}
      readOnly={readOnlyNote !== null}
    >
      <ChannelFrame
        aria-label={`Channel ${title}`}
        data-dropping={drop.dropping ? 'true' : undefined}
        {...drop.handlers}
        onPointerEnter={preloadChatMenus}
        onFocus={preloadChatMenus}
      >
        {/* "Skip to composer": the first stop in the channel, right after the channel list; shown
            while it has focus (as "Skip to content", shell/plain.css). */}
        <button
          type="button"
          className="sm-skip-link"
          style={{ border: 0, font: 'inherit', cursor: 'pointer' }}
          onClick={() => focusComposer()}
        >
          Skip to composer
        </button>
        <ChannelHeader
          classId={classId}
          channel={channel}
          title={title}
          viewerUid={viewer.uid}
          controlsShown={controlsShown}
          onBack={onBack}
          onNotifyChange={(level) => void channelActions.setNotify(channel, level)}
          onOpenMembers={() => setMembersOpen(true)}
          onOpenSettings={canManage ? onOpenSettings : undefined}
          extra={canManage ? <StaffControlsSlot classId={classId} channelId={channelId} /> : null}
        />
        <ChannelTop
          classId={classId}
          channel={channel}
          viewerUid={viewer.uid}
          canManage={canManage}
          onOpenPin={openPin}
        />
        <PhaseBar view={casePhase} staff={canManage} />

        <ClassroomBar {...{ classId, channelId, canManage }} viewerUid={viewer.uid} />
        <SavedCopyNote savedAt={messages.savedAt} />
        {(messages.status === 'loading' || holding) && outbox.kept.length === 0 ? (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
            <Spinner label="Loading messages" delayed />
          </Box>
        ) : messages.status === 'error' ? (
          <Box sx={{ flex: 1, p: 2 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={messages.retry}>
                  Try again
                </Button>
              }
            >
              {messages.error}
            </Alert>
          </Box>
        ) : messages.status === 'ended' ? (
          <Box sx={{ flex: 1, p: 2 }}>
            <Alert severity="info">{messages.endedReason}</Alert>
          </Box>
        ) : (
          <>
            {messages.status === 'loading' ? (
              <LinearProgress aria-label="Loading messages" />
            ) : null}
            <AgentCardContext.Provider value={hasAgents ? setAgentCard : null}>
              <MessageList
                // Only the outbox's rows while loading; a fresh list (opening at the newest or the
                // first unread) once the channel's messages are there.
                key={messages.status === 'loading' ? 'kept' : 'live'}
                items={items}
                viewerUid={viewer.uid}
                canModerate={canManage}
                hasOlder={hasOlder}
                loadingOlder={olderState === 'loading'}
                onLoadOlder={loadOlder}
                onEdit={edit}
                onDelete={remove}
                onReact={react}
                firstUnreadSeq={firstUnreadSeq}
                focusId={focused?.id ?? null}
                focusKey={focused?.at ?? 0}
                // Only while the controls wait: Virtuoso reports rendered rows only when asked.
                onRowsShown={
                  !controlsShown && messages.status === 'ready' ? releaseControls : undefined
                }
              />
            </AgentCardContext.Provider>
          </>
        )}

        {controlsShown ? (
          <TypingLine classId={classId} channelId={channelId} viewerUid={viewer.uid} />
        ) : (
          // The typing line's space (its minimum height), so the list does not move when it comes.
          <div aria-hidden className={frameClass.typing} />
        )}
        {agentCard !== null ? (
          <Suspense fallback={null}>
            <AgentCardDialog
              name={agentCard}
              agent={agents.find((a) => a.agent === agentCard) ?? null}
              onClose={() => setAgentCard(null)}
            />
          </Suspense>
        ) : null}
        {hasAgents ? (
          <Suspense fallback={null}>
            <ChannelAgentsSource
              key={channelId}
              classId={classId}
              channelId={channelId}
              canManage={canManage}
              onAgents={setAgents}
            />
          </Suspense>
        ) : null}
        <Composer
          onSend={send}
          onTyping={presence.typing}
          onCleared={presence.typingEnded}
          initialText={initialDraft}
          onTextChange={keepDraft}
          mentionable={people.mentionable}
          viewerUid={viewer.uid}
          canMentionChannel={people.canMentionChannel}
          agents={hasAgents ? agents : NO_AGENTS}
          disabled={readOnlyNote !== null || !channel.enabled || casePhase.readOnly !== null}
          disabledNote={
            readOnlyNote ?? casePhase.readOnly ?? 'This channel is disabled: nobody can post in it.'
          }
          onAttach={files.attach}
          attachmentsReady={files.ready}
          attachmentsBusy={files.busy}
          attachmentsSlot={<PendingUploads uploads={files.uploads} onRemove={files.remove} />}
        />
        {membersOpen ? (
          <Suspense fallback={null}>
            <MembersPanel
              classId={classId}
              channel={channel}
              viewerUid={viewer.uid}
              canManage={canManage}
              onClose={() => setMembersOpen(false)}
            />
          </Suspense>
        ) : null}
      </ChannelFrame>
    </ChannelProviders>
  );
}

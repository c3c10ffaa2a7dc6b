// One open channel: its messages (live), who is typing and who is online (ChannelPresence.tsx, which
// re-render alone while someone types), and the composer.
// Opening it warms the send path (channels.prewarm, DESIGN §2 — no placeholder rows) and marks it
// read up to the newest message, again as new ones arrive while it is open and the tab visible.
// The messages and their writes (optimistic, with a client-made id) are useChannelMessages.ts's.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { ChannelView } from '@seminar/shared';
import { channelTitle, useChannelActions } from '../../data/channels';
import { UNSENT_SEQ } from '../../data/messages';
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
import { MessageList } from './MessageList';
import { SavedCopyNote } from './SavedCopyNote';
import type { ChannelAgentInfo } from './useChannelAgents';
import { AgentCardContext } from './agentCardContext';
import { useCaseActivity } from '../../data/phases';
import { useChannelPresence } from './useChannelPresence';
import { useFirstUnread } from './useFirstUnread';
import { useChannelMessages } from './useChannelMessages';
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
  const channelActions = useChannelActions(classId);
  // Picking a channel warms its send path; failures are only logged (SPEC §8).
  useEffect(() => {
    if (channelActions.connected) channelActions.prewarm(channelId);
  }, [channelActions, channelId]);

  const presence = useChannelPresence(channelActions, channelId);
  const [membersOpen, setMembersOpen] = useState(false);
  const people = useChannelChatPeople(classId, channel, viewer.uid);
  // The messages and every write on them (useChannelMessages.ts).
  const chat = useChannelMessages({
    classId,
    channel,
    viewer,
    channelActions,
    mentionable: people.mentionable,
  });
  const { messages, messageActions, items, outbox, oldestSeq, newestSeq } = chat;
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

  const send = (text: string) => {
    const attachments = files.take();
    presence.typingEnded();
    clearDraft(draftScope);
    chat.send(text, attachments);
  };

  // Open at a message (a search result, or a pin: the later asked), with its history loaded.
  const { opening, openPin } = usePinFocus(channelId, focus);
  const focused = useOpenAtMessage(opening, {
    ready: messages.status === 'ready' && channelActions.connected,
    oldestSeq,
    loadRange: messageActions.loadRange,
  });

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
                hasOlder={chat.hasOlder}
                loadingOlder={chat.loadingOlder}
                onLoadOlder={chat.loadOlder}
                onEdit={chat.edit}
                onDelete={chat.remove}
                onReact={chat.react}
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

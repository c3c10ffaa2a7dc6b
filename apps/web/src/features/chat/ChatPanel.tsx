// The chat of a class (the class page's "Chat" tab): the channel list and the open channel side by
// side, or on narrow screens one at a time. The open channel is kept in the URL (?channel=…), so a
// link or a reload opens it again. Above the channel list, "Search messages" (MessageSearch.tsx): a
// result opens its channel at the message found. Instructors and admins also create channels and open settings.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { MESSAGE_PARAM, SEQ_PARAM, type MessageSearchResult } from '@seminar/shared';
import { useSession } from '../../auth/session';
import { channelTitle, useChannels } from '../../data/channels';
import { usePrefetchMessages } from '../../data/messages';
import { CHANNEL_PARAM } from '../../routes/paths';
import { ChannelList } from './ChannelList';
import { ChatView, type MessageFocus } from './ChatView';
import { KeptMessages } from './KeptMessages';
import { MessageSearch } from './MessageSearch';
import { Spinner } from '../../shell/ui';
import { focusComposer, focusElement, focusLost, focusWhenThere } from '../../shell/focus';

export { CHANNEL_PARAM };

/**
 * Where focus goes after the person switched between the list and a channel, if it fell to the page
 * (docs/accessibility.md#focus-rules): a channel opened → its composer; "Back to channels" → the
 * channel left. Carried in the navigation's state: on a phone the class page mounts the chat anew
 * when a channel opens or closes.
 */
type ChatFocus = { to: 'composer' } | { to: 'channel'; channelId: string };

function settleChatFocus(next: ChatFocus): void {
  if (!focusLost()) return;
  if (next.to === 'composer') {
    if (!focusComposer()) focusElement(document.querySelector('[role="log"]'));
  } else {
    const item = document.querySelector<HTMLElement>(
      `[data-channel-id="${CSS.escape(next.channelId)}"]`,
    );
    if (!focusElement(item)) focusElement(document.querySelector('main h1'));
  }
}

// The channel dialogs (with MUI's Autocomplete) load when first opened, not with the chat.
const CreateChannelDialog = lazy(() =>
  import('./ChannelDialogs').then((module) => ({ default: module.CreateChannelDialog })),
);
const ChannelSettingsDialog = lazy(() =>
  import('./ChannelDialogs').then((module) => ({ default: module.ChannelSettingsDialog })),
);

/**
 * The chat of a class: channel list and the selected channel's conversation. `canManage`:
 * the viewer is an instructor or class admin of the class (the class page knows its role).
 */
export function ChatPanel({
  classId,
  canManage,
  fullScreen = false,
  fill = false,
  readOnlyNote = null,
}: {
  classId: string;
  canManage: boolean;
  /** Why nothing can be posted in any channel (an archived class), shown instead of the composer. */
  readOnlyNote?: string | null;
  /** A phone with a channel open: fill the visible height below the app bar. */
  fullScreen?: boolean;
  /** A laptop: fill the class page's panel, which has the window's height (ClassTabs.tsx). */
  fill?: boolean;
}) {
  const { user } = useSession();
  const channels = useChannels(classId);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(CHANNEL_PARAM);
  // The open channel's messages load beside the channel list, not after it (ChatView shares them).
  usePrefetchMessages(classId, selectedId);
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [creating, setCreating] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [gone, setGone] = useState<string | null>(null);
  /** The channel this viewer just deleted: its leaving the list needs no second notice. */
  const deletedByViewer = useRef<string | null>(null);

  // A search result to open its channel at: the message to show, with history around it.
  const [focus, setFocus] = useState<MessageFocus | null>(null);
  const openResult = (result: MessageSearchResult) => {
    setFocus({
      channelId: result.channel_id,
      messageId: result.id,
      seq: result.seq,
      at: Date.now(),
    });
    select(result.channel_id);
    // Focus follows to the message opened (docs/accessibility.md#focus-rules).
    focusWhenThere(() =>
      document.querySelector<HTMLElement>(
        `[role="log"] [data-message-id="${CSS.escape(result.id)}"]`,
      ),
    );
  };

  const selected = channels.rows.find((channel) => channel.channel_id === selectedId) ?? null;

  // A link that opens a channel at a message (a missed-mention e-mail's, messageLinkPath): focus it
  // as a search result would, then drop the message from the address (a reload opens the channel).
  const linkedMessage = params.get(MESSAGE_PARAM);
  const linkedSeq = Number(params.get(SEQ_PARAM));
  useEffect(() => {
    if (!selectedId || !linkedMessage || !Number.isSafeInteger(linkedSeq) || linkedSeq < 1) return;
    setFocus({ channelId: selectedId, messageId: linkedMessage, seq: linkedSeq, at: Date.now() });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(MESSAGE_PARAM);
        next.delete(SEQ_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [selectedId, linkedMessage, linkedSeq, setParams]);

  // After a switch the person made (its navigation carries where focus should go).
  const location = useLocation();
  const chatFocus = (location.state as { chatFocus?: ChatFocus } | null)?.chatFocus ?? null;
  useEffect(() => {
    if (!chatFocus) return;
    const timer = window.setTimeout(() => settleChatFocus(chatFocus), 0);
    return () => window.clearTimeout(timer);
    // Once per navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const select = (channelId: string | null, chatFocus?: ChatFocus) => {
    setGone(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (channelId === null) next.delete(CHANNEL_PARAM);
        else next.set(CHANNEL_PARAM, channelId);
        return next;
      },
      { replace: channelId === null, state: chatFocus ? { chatFocus } : undefined },
    );
  };

  // The open channel went away (deleted, disabled for students, access lost): close it and say so.
  const missing = selectedId !== null && channels.status === 'ready' && selected === null;
  useEffect(() => {
    if (!missing) return;
    // The viewer who deleted it was told so already (onDeleted); anyone else learns it is gone.
    if (selectedId !== deletedByViewer.current) setGone('That channel is no longer available.');
    setSettingsOpen(false);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHANNEL_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [missing, selectedId, setParams]);

  if (!user) return null;
  const viewer = { uid: user.id, email: user.email, name: user.name };
  // While the channels load, a channel named in the address is shown as opening (its kept messages
  // or a spinner), not the list that a phone would show and then replace.
  const opening = selected === null && selectedId !== null && channels.status === 'loading';
  const showList = !narrow || (selected === null && !opening);
  const showChat = !narrow || selected !== null || opening;

  return (
    <Box
      sx={{
        display: 'flex',
        // The visible height (--app-height follows the visual viewport, so the composer stays
        // above an on-screen keyboard), less the app bar when it fills a phone's screen.
        height: fullScreen
          ? 'calc(var(--app-height, 100dvh) - var(--app-bar-height, 56px))'
          : fill
            ? 'auto'
            : 'max(400px, calc(var(--app-height, 100dvh) - 300px))',
        flex: fill ? 1 : undefined,
        minHeight: fill ? 0 : undefined,
        overflow: 'hidden',
      }}
    >
      {showList ? (
        <Box
          component="nav"
          aria-label="Channels of this class"
          sx={{
            width: narrow ? '100%' : 260,
            flexShrink: 0,
            borderRight: narrow ? 0 : 1,
            borderColor: 'divider',
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              px: 2,
              py: 1,
              minHeight: { xs: 52, md: 48 },
            }}
          >
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
              Channels
            </Typography>
            {canManage ? (
              <Button size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                Create channel
              </Button>
            ) : null}
          </Box>
          {gone ? (
            <Alert severity="info" onClose={() => setGone(null)} sx={{ mx: 1, mb: 1 }}>
              {gone}
            </Alert>
          ) : null}
          <MessageSearch classId={classId} channels={channels.rows} onOpen={openResult}>
            <Box sx={{ flex: 1, overflowY: 'auto' }}>
              {channels.status === 'loading' ? (
                <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
                  <Spinner label="Loading channels" delayed small />
                </Box>
              ) : channels.status === 'error' ? (
                <Alert
                  severity="error"
                  sx={{ m: 1 }}
                  action={
                    <Button color="inherit" size="small" onClick={channels.retry}>
                      Try again
                    </Button>
                  }
                >
                  {channels.error}
                </Alert>
              ) : channels.status === 'ended' ? (
                <Alert severity="info" sx={{ m: 1 }}>
                  {channels.endedReason}
                </Alert>
              ) : (
                <ChannelList
                  channels={channels.rows}
                  selectedId={selected?.channel_id ?? null}
                  onSelect={(channelId) => select(channelId, { to: 'composer' })}
                  pendingIds={channels.pendingIds}
                />
              )}
            </Box>
          </MessageSearch>
        </Box>
      ) : null}
      {showChat ? (
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {selected ? (
            <ChatView
              key={selected.channel_id}
              classId={classId}
              channel={selected}
              viewer={viewer}
              canManage={canManage}
              readOnlyNote={readOnlyNote}
              focus={focus?.channelId === selected.channel_id ? focus : null}
              onOpenSettings={() => setSettingsOpen(true)}
              onBack={
                narrow
                  ? () => select(null, { to: 'channel', channelId: selected.channel_id })
                  : undefined
              }
            />
          ) : opening ? (
            // The channels are not there yet (no connection after a reload): its unsent messages are.
            <Box sx={{ flex: 1, p: 2 }}>
              <KeptMessages
                classId={classId}
                channelId={selectedId}
                fallback={
                  <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
                    <Spinner label="Loading messages" delayed small />
                  </Box>
                }
              />
            </Box>
          ) : (
            <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
              <Typography sx={{ color: 'text.secondary' }}>
                Choose a channel to start chatting.
              </Typography>
            </Box>
          )}
        </Box>
      ) : null}
      <Suspense fallback={null}>
        {creating ? (
          <CreateChannelDialog
            open
            classId={classId}
            channels={channels.rows}
            viewer={viewer}
            onClose={() => setCreating(false)}
            onCreated={(channelId) => select(channelId)}
          />
        ) : null}
        {settingsOpen && selected && canManage ? (
          <ChannelSettingsDialog
            key={selected.channel_id}
            open
            classId={classId}
            channel={selected}
            channels={channels.rows}
            onClose={() => setSettingsOpen(false)}
            onDeleted={() => {
              deletedByViewer.current = selected.channel_id;
              select(null);
              setGone(`You deleted the channel “${channelTitle(selected)}”.`);
            }}
          />
        ) : null}
      </Suspense>
    </Box>
  );
}

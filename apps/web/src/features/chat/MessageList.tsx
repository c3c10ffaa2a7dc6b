// The scrolling list of a channel's messages: day dividers and author groups; it sticks to the bottom
// while the reader is there, offers "New messages" when some arrive while they have scrolled up,
// and loads older messages when they scroll to the top without the view jumping.
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import type { Message } from '@seminar/shared';
import { initialsOf } from '../../auth/AccountMenu';
import { groupMessages, timeLabel } from './grouping';
import { MessageItem, type MessageStatus } from './MessageItem';

/** A message with its state on this client. */
export interface DisplayMessage {
  message: Message;
  status: MessageStatus;
}

/** Within this many px of the bottom counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;
/** Older messages load when the reader scrolls this close to the top. */
const TOP_LOAD_PX = 120;

export interface MessageListProps {
  items: readonly DisplayMessage[];
  viewerUid: string;
  /** Instructors and admins may delete any message. */
  canModerate: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onEdit: (message: Message, body: string) => void;
  onDelete: (message: Message) => void;
}

interface ScrollMemory {
  first: string | null;
  last: string | null;
  ids: ReadonlySet<string>;
  height: number;
  top: number;
}

/**
 * The list of a channel's messages. Memoized: it renders again only when its own props change (the
 * typing line and the online avatars live outside it), and each message again only when it changed.
 */
export const MessageList = memo(function MessageList({
  items,
  viewerUid,
  canModerate,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onEdit,
  onDelete,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const memory = useRef<ScrollMemory>({
    first: null,
    last: null,
    ids: new Set(),
    height: 0,
    top: 0,
  });
  const [newBelow, setNewBelow] = useState(false);

  // Cheap (linear, no parsing): a render of the list regroups; the memo above keeps renders rare.
  const statusOf = new Map(items.map((item) => [item.message.id, item.status]));
  const layout = groupMessages(items.map((item) => item.message));

  const scrollToBottom = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
  };

  // After every render: keep the reader where they were (see the file header).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = items[0]?.message.id ?? null;
    const newest = items.at(-1);
    const last = newest?.message.id ?? null;
    const before = memory.current;
    if (before.first !== null && first !== before.first && last === before.last) {
      // Older messages came in above: keep the same messages in view.
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if (last !== before.last && newest && !before.ids.has(newest.message.id)) {
      const ownNew = newest.message.author_uid === viewerUid && newest.status.kind === 'sending';
      if (before.last === null || atBottom.current || ownNew) {
        el.scrollTop = el.scrollHeight;
        atBottom.current = true;
      } else {
        setNewBelow(true);
      }
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    memory.current = {
      first,
      last,
      ids: new Set(items.map((item) => item.message.id)),
      height: el.scrollHeight,
      top: el.scrollTop,
    };
  }, [items, viewerUid]);

  // The view shrinking (a growing composer, the keyboard) keeps the bottom in view.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    memory.current = { ...memory.current, height: el.scrollHeight, top: el.scrollTop };
    if (atBottom.current && newBelow) setNewBelow(false);
    if (el.scrollTop <= TOP_LOAD_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label="Messages"
        tabIndex={0}
        sx={{ flex: 1, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1, outlineOffset: -2 }}
      >
        {hasOlder ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            {loadingOlder ? (
              <CircularProgress size={20} aria-label="Loading older messages" />
            ) : (
              <Button size="small" onClick={onLoadOlder}>
                Load older messages
              </Button>
            )}
          </Box>
        ) : items.length > 0 ? (
          <Typography
            variant="caption"
            sx={{ display: 'block', textAlign: 'center', color: 'text.secondary', py: 1 }}
          >
            This is the start of the channel.
          </Typography>
        ) : null}
        {items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', textAlign: 'center', mt: 4 }}>
            No messages yet — say hello
          </Typography>
        ) : null}
        {layout.map((item) =>
          item.kind === 'day' ? (
            <Divider key={`day-${item.key}`} sx={{ my: 1.5 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {item.label}
              </Typography>
            </Divider>
          ) : (
            <Box
              key={item.key}
              component="section"
              aria-label={`${item.authorName || 'Someone'}, ${timeLabel(item.startedAt)}`}
              sx={{ display: 'flex', gap: 1, mt: 1 }}
            >
              <Avatar
                aria-hidden
                sx={{
                  width: 32,
                  height: 32,
                  fontSize: '0.875rem',
                  mt: 0.25,
                  bgcolor: 'primary.main',
                }}
              >
                {initialsOf(item.authorName, '')}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                  <Typography
                    component="span"
                    variant="subtitle2"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {item.authorName || 'Someone'}
                  </Typography>
                  <Typography
                    component="time"
                    variant="caption"
                    dateTime={new Date(item.startedAt).toISOString()}
                    sx={{ color: 'text.secondary' }}
                  >
                    {timeLabel(item.startedAt)}
                  </Typography>
                </Box>
                {item.messages.map((message) => {
                  const own = message.author_uid === viewerUid;
                  return (
                    <MessageItem
                      key={message.id}
                      message={message}
                      status={statusOf.get(message.id) ?? { kind: 'sent' }}
                      canEdit={own}
                      canDelete={own || canModerate}
                      onEdit={onEdit}
                      onDelete={onDelete}
                    />
                  );
                })}
              </Box>
            </Box>
          ),
        )}
      </Box>
      {newBelow ? (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowDownwardIcon />}
          onClick={scrollToBottom}
          sx={{
            position: 'absolute',
            bottom: 8,
            left: '50%',
            transform: 'translateX(-50%)',
            borderRadius: 4,
          }}
        >
          New messages
        </Button>
      ) : null}
    </Box>
  );
});

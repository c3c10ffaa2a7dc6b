// The scrolling list of a channel's messages, virtualized with react-virtuoso (only the messages in
// and near view are in the DOM): day dividers and author groups; it opens at the newest message and
// sticks to the bottom while the reader is there, offers "New messages" when some arrive while they
// have scrolled up, and loads older messages when they scroll to the top without the view jumping
// (older rows are prepended under a lower `firstItemIndex`, so the rows in view keep their place).
// Kept cheap for long channels (bench/chat.ts): each row is memoized on what it shows, so a render
// of the list (react-virtuoso renders its rows on every scroll step, and a page of older messages
// re-renders the list) renders only new or changed rows; rows are plain elements whose classes are
// styled once for the whole list (chatStyles.ts), not MUI components with `sx` resolved per row.
import {
  forwardRef,
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
} from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import type { Message } from '@seminar/shared';
import { serverClock } from '../../live/serverTime';
import { ChatStyleScope } from './chatStyles';
import { useChatPeople } from './ChatPeople';
import { MessageRow, rowsOf, type DisplayMessage, type Row } from './MessageRow';
import { useAnnouncer } from './LiveAnnouncer';
import { ARRIVAL_SLACK_MS, arrivals, arrivalsText, arrivalText } from './announcements';
import { useRovingFocus } from './rovingFocus';

export type { DisplayMessage };

/** Within this many px of the bottom counts as "at the bottom". */
const BOTTOM_SLACK_PX = 48;
/** The index of the oldest loaded row; lowered as older pages come in (react-virtuoso's prepend). */
const FIRST_INDEX = 1_000_000_000;
/**
 * A typical row's height (px): react-virtuoso sizes its first window with it instead of rendering
 * one row alone first to measure it (its "probe" pass), so a channel opens in one render.
 */
const DEFAULT_ROW_PX = 40;
/**
 * Rows rendered beyond the view (px, each way). More costs every jump of the view (a scroll to the
 * top renders a whole new window of rows in one task); fewer shows blank space while scrolling.
 */
const OVERSCAN = { top: 400, bottom: 400 };

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
  onReact: (message: Message, emoji: string, on: boolean) => void;
  /**
   * The first message the viewer had not read when the channel opened: the list opens there (with a
   * "New" divider above it) instead of at the newest. Null: open at the newest.
   */
  firstUnreadSeq?: number | null;
  /** A message to scroll to and mark (a search result), once per `focusKey`. */
  focusId?: string | null;
  focusKey?: number;
  /** Called when rows are first rendered (the page's first content: shell/firstContent.ts). */
  onRowsShown?: (() => void) | undefined;
}

interface ListContext {
  hasOlder: boolean;
  loadingOlder: boolean;
  empty: boolean;
  onLoadOlder: () => void;
}

/**
 * The scroller: the "Messages" log, one Tab stop that hands focus to a message (rovingFocus.ts). Not
 * a live region (`aria-live="off"` over the log's implicit "polite"): opening a channel, loading
 * older messages or a reaction would have it read rows out; new messages are announced on their own
 * (docs/accessibility.md#live-regions).
 */
const Scroller = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  function Scroller(props, ref) {
    return (
      <div
        {...props}
        ref={ref}
        role="log"
        aria-label="Messages"
        aria-live="off"
        tabIndex={0}
        style={{ ...props.style, outlineOffset: -2 }}
      />
    );
  },
);

/** Above the oldest row: "Load older messages", or the start of the channel. */
function Header({ context }: { context?: ListContext }) {
  if (!context) return null;
  if (context.hasOlder) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        {context.loadingOlder ? (
          <CircularProgress size={20} aria-label="Loading older messages" />
        ) : (
          <Button size="small" onClick={context.onLoadOlder}>
            Load older messages
          </Button>
        )}
      </Box>
    );
  }
  return context.empty ? null : (
    <Typography
      variant="caption"
      sx={{ display: 'block', textAlign: 'center', color: 'text.secondary', py: 1 }}
    >
      This is the start of the channel.
    </Typography>
  );
}

function EmptyPlaceholder() {
  return (
    <Typography sx={{ color: 'text.secondary', textAlign: 'center', pt: 4 }}>
      No messages yet — say hello
    </Typography>
  );
}

const components = { Scroller, Header, EmptyPlaceholder, Footer: () => <Box sx={{ height: 8 }} /> };

const rowKey = (_index: number, row: Row) => row.item.message.id;

/**
 * Announces the messages of others that arrive while the list is open (announcements.ts): not the
 * ones it opened with, nor older ones loaded above, nor changes to a message (its seq stays).
 */
function useArrivalAnnouncements(rows: readonly Row[], viewerUid: string) {
  const { nameOf } = useChatPeople();
  const { region, announce } = useAnnouncer();
  const newestSeq = useRef<number | null>(null);
  // Written after the list opened (by the server's clock, as messages' times are).
  const [since] = useState(() => Date.now() + serverClock.getOffset() - ARRIVAL_SLACK_MS);
  useLayoutEffect(() => {
    const sent = rows.filter((row) => row.item.status.kind === 'sent');
    const newest = sent.reduce((max, row) => Math.max(max, row.item.message.seq), -1);
    const before = newestSeq.current;
    newestSeq.current = Math.max(before ?? -1, newest);
    if (before === null) return;
    const byId = new Map(sent.map((row) => [row.item.message.id, row]));
    const spoken = arrivals(
      sent.map((row) => row.item.message),
      before,
      viewerUid,
      since,
    ).map((message) => {
      const author = byId.get(message.id)?.authorName ?? message.author_name;
      return { author, text: arrivalText(message, author, nameOf) };
    });
    for (const text of arrivalsText(spoken)) announce(text);
  }, [rows, viewerUid, since, nameOf, announce]);
  return region;
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
  onReact,
  firstUnreadSeq = null,
  focusId = null,
  focusKey = 0,
  onRowsShown,
}: MessageListProps) {
  const list = useRef<VirtuosoHandle>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
    setScroller(element instanceof HTMLElement ? element : null);
  }, []);
  const atBottom = useRef(true);
  const [newBelow, setNewBelow] = useState(false);
  // Linear, no parsing; again only when the messages change (not for "New messages" or a focus).
  const rows = useMemo(() => rowsOf(items), [items]);
  const ids = useMemo(() => rows.map((row) => row.item.message.id), [rows]);
  const scrollToRow = useCallback((index: number) => {
    list.current?.scrollToIndex({ index, align: 'center' });
  }, []);
  useRovingFocus(scroller, { ids, scrollToIndex: scrollToRow });
  const region = useArrivalAnnouncements(rows, viewerUid);

  // Where the list opens: the first unread message, or the newest. The first unread can be missing
  // from the rows at mount (a channel opened again shows its kept rows at once, and the messages
  // missed meanwhile follow as the subscription resumes): then the list opens at the newest and
  // goes to the first unread as soon as it is there, unless a message is focused or sent first.
  const unreadIndex =
    firstUnreadSeq === null
      ? -1
      : rows.findIndex(
          (row) => row.item.message.seq >= firstUnreadSeq && row.item.status.kind === 'sent',
        );
  // A message focused at mount (a search result) wins over the first unread.
  const [initialAt] = useState<{ index: number | 'LAST'; focused: boolean }>(() => {
    const focusedAt = focusId === null ? -1 : rows.findIndex((r) => r.item.message.id === focusId);
    if (focusedAt !== -1) return { index: focusedAt, focused: true };
    return { index: unreadIndex === -1 ? 'LAST' : unreadIndex, focused: false };
  });
  const unreadPending = useRef(firstUnreadSeq !== null && unreadIndex === -1 && !initialAt.focused);
  useLayoutEffect(() => {
    if (!unreadPending.current || unreadIndex === -1) return;
    // Not at the bottom meanwhile: the rows arriving must not pull the view down past the divider.
    atBottom.current = false;
    // After react-virtuoso has measured the rows it was just given; done only once it has run.
    const frame = requestAnimationFrame(() => {
      if (!unreadPending.current) return;
      unreadPending.current = false;
      list.current?.scrollToIndex({ index: unreadIndex, align: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [unreadIndex]);

  // Older rows came in above: lower the first index by as many, so the rows in view stay put.
  const firstId = items[0]?.message.id ?? null;
  const [first, setFirst] = useState({ id: firstId, index: FIRST_INDEX });
  let firstIndex = first.index;
  if (firstId !== first.id) {
    const before = first.id === null ? -1 : items.findIndex((i) => i.message.id === first.id);
    firstIndex = before > 0 ? first.index - before : first.index;
    setFirst({ id: firstId, index: firstIndex });
  }

  // A new newest message: the own one just sent, or any while at the bottom, scrolls into view;
  // otherwise "New messages" offers the way down.
  const newest = items.at(-1);
  const lastSeen = useRef<string | null>(newest?.message.id ?? null);
  const ownNew =
    newest !== undefined &&
    newest.message.author_uid === viewerUid &&
    (newest.status.kind === 'sending' || newest.status.kind === 'waiting');
  useLayoutEffect(() => {
    const id = newest?.message.id ?? null;
    if (id === lastSeen.current) return;
    const seenBefore = lastSeen.current !== null;
    lastSeen.current = id;
    if (!seenBefore) return;
    if (!ownNew) {
      if (!atBottom.current) setNewBelow(true);
      return;
    }
    // One's own message always comes into view, wherever the list was (at the "New" divider, up in
    // the history). Scrolled here, not through followOutput: react-virtuoso asks that (in its own
    // effects, which run before this one) before this render's rows are known here.
    unreadPending.current = false;
    atBottom.current = true;
    setNewBelow(false);
    // Not cancelled when the row changes again (its echo from the server may come within a frame).
    requestAnimationFrame(() => list.current?.scrollToIndex({ index: 'LAST', align: 'end' }));
  }, [newest, ownNew]);

  const followOutput = useCallback(
    (isAtBottom: boolean) => (isAtBottom && !unreadPending.current ? 'auto' : false),
    [],
  );
  const atBottomChange = useCallback((bottom: boolean) => {
    atBottom.current = bottom;
    if (bottom) setNewBelow(false);
  }, []);
  const startReached = useCallback(() => {
    if (hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  // A focused message comes into the middle of the view (once per focusKey, when its row is there).
  const focusIndex = focusId === null ? -1 : rows.findIndex((r) => r.item.message.id === focusId);
  // Opened there already: no scroll for that focus.
  const scrolledFor = useRef(initialAt.focused ? focusKey : 0);
  useLayoutEffect(() => {
    if (focusIndex < 0 || scrolledFor.current === focusKey) return;
    scrolledFor.current = focusKey;
    // A focused message (a search result) wins over the first unread.
    unreadPending.current = false;
    atBottom.current = false;
    // After react-virtuoso has measured the rows it was just given.
    const frame = requestAnimationFrame(() =>
      list.current?.scrollToIndex({ index: focusIndex, align: 'center' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusIndex, focusKey]);

  const scrollToBottom = () => {
    list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
    atBottom.current = true;
    setNewBelow(false);
  };

  const renderRow = useCallback(
    (_index: number, row: Row) => (
      <MessageRow
        row={row}
        viewerUid={viewerUid}
        canModerate={canModerate}
        focused={row.item.message.id === focusId}
        firstUnread={firstUnreadSeq !== null && row.item.message.seq === firstUnreadSeq}
        onEdit={onEdit}
        onDelete={onDelete}
        onReact={onReact}
      />
    ),
    [viewerUid, canModerate, focusId, firstUnreadSeq, onEdit, onDelete, onReact],
  );
  const context = useMemo(
    () => ({ hasOlder, loadingOlder, empty: rows.length === 0, onLoadOlder }),
    [hasOlder, loadingOlder, rows.length, onLoadOlder],
  );

  const rowsRendered = useCallback(
    (shown: readonly unknown[]) => {
      if (shown.length > 0) onRowsShown?.();
    },
    [onRowsShown],
  );

  return (
    <ChatStyleScope sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
      <Virtuoso<Row, ListContext>
        ref={list}
        scrollerRef={scrollerRef}
        style={{ flex: 1 }}
        data={rows}
        firstItemIndex={firstIndex}
        initialTopMostItemIndex={
          initialAt.index === 'LAST'
            ? { index: 'LAST', align: 'end' }
            : { index: initialAt.index, align: initialAt.focused ? 'center' : 'start' }
        }
        defaultItemHeight={DEFAULT_ROW_PX}
        computeItemKey={rowKey}
        itemContent={renderRow}
        context={context}
        components={components}
        followOutput={followOutput}
        atBottomStateChange={atBottomChange}
        atBottomThreshold={BOTTOM_SLACK_PX}
        startReached={startReached}
        increaseViewportBy={OVERSCAN}
        {...(onRowsShown ? { itemsRendered: rowsRendered } : {})}
      />
      {region}
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
    </ChatStyleScope>
  );
});

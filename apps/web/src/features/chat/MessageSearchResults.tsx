// The "Search messages" field's results (MessageSearch.tsx), a chunk of its own loaded with the
// first search: the channel and author filters (MUI's select, with its Menu, Popover and Modal) and
// the messages found. Docs: docs/channels.md#search
import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  countOf,
  displayName,
  type ChannelView,
  type MessageSearchResult,
  type SnippetSegment,
} from '@seminar/shared';
import { channelTitle } from '../../data/channels';
import { useRoster } from '../../data/classes';
import type { useMessageSearch } from '../../data/messageSearch';
import { timeLabel } from './grouping';
import { visuallyHidden } from './a11y';

/** The filters' "any" value (MessageSearch's ANY). */
const ANY = '';

/** A result's snippet: plain text with the matched words in <mark>. */
function Snippet({ segments }: { segments: readonly SnippetSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.hit ? (
          <Box
            component="mark"
            key={index}
            sx={{ bgcolor: 'warning.light', color: 'common.black', borderRadius: 0.5, px: 0.25 }}
          >
            {segment.text}
          </Box>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

export default function MessageSearchResults({
  classId,
  channels,
  search,
  query,
  text,
  channelId,
  authorUid,
  onChannelId,
  onAuthorUid,
  onOpen,
}: {
  classId: string;
  channels: readonly ChannelView[];
  search: ReturnType<typeof useMessageSearch>;
  /** The words searched, and the words in the field (a search is pending while they differ). */
  query: string;
  text: string;
  channelId: string;
  authorUid: string;
  onChannelId: (channelId: string) => void;
  onAuthorUid: (uid: string) => void;
  onOpen: (result: MessageSearchResult) => void;
}) {
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];
  const searching = search.status === 'pending' || query !== text;
  // What a screen reader hears once a search has answered (docs/accessibility.md#announcements):
  // the region is there from the start, so its changes are announced.
  const status =
    searching || search.status === 'error'
      ? ''
      : results.length === 0
        ? `No messages match “${query.trim()}”.`
        : `${countOf(results.length, { one: 'result', other: 'results' })}${search.hasNextPage ? ' so far' : ''}.`;
  return (
    <Box
      component="section"
      aria-label="Search results"
      sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      <span role="status" style={visuallyHidden}>
        {status}
      </span>
      <Box sx={{ display: 'flex', gap: 1, px: 1, pb: 1 }}>
        <TextField
          select
          size="small"
          label="In channel"
          value={channelId}
          onChange={(event) => onChannelId(event.target.value)}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <MenuItem value={ANY}>All channels</MenuItem>
          {channels.map((channel) => (
            <MenuItem key={channel.channel_id} value={channel.channel_id}>
              {channelTitle(channel)}
            </MenuItem>
          ))}
        </TextField>
        <AuthorFilter classId={classId} value={authorUid} onChange={onAuthorUid} />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {searching ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label="Searching" />
          </Box>
        ) : search.status === 'error' ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {search.error.message}
          </Alert>
        ) : results.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', px: 2, py: 1 }}>
            No messages match “{query.trim()}”.
          </Typography>
        ) : (
          <List dense aria-label="Messages found" sx={{ py: 0 }}>
            {results.map((result) => (
              <li key={result.id}>
                <ListItemButton
                  onClick={() => onOpen(result)}
                  sx={{ display: 'block', borderRadius: 1, mx: 0.5 }}
                >
                  <Typography
                    variant="caption"
                    component="span"
                    sx={{ display: 'block', color: 'text.secondary' }}
                  >
                    #{result.channel_name || result.channel_id} ·{' '}
                    {displayName(result.author_name) || 'Someone'} · {timeLabel(result.created_at)}
                  </Typography>
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ display: 'block', overflowWrap: 'anywhere' }}
                  >
                    <Snippet segments={result.snippet} />
                  </Typography>
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
        {search.hasNextPage && query === text ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <Button
              size="small"
              disabled={search.isFetchingNextPage}
              onClick={() => void search.fetchNextPage()}
            >
              More results
            </Button>
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

/** "From": anyone, or one member of the class with an account (from the roster). */
function AuthorFilter({
  classId,
  value,
  onChange,
}: {
  classId: string;
  value: string;
  onChange: (uid: string) => void;
}) {
  const roster = useRoster(classId);
  const people = useMemo(() => {
    const byUid = new Map<string, string>();
    for (const entry of roster.rows) {
      if (entry.uid === null || entry.deleted || entry.invited) continue;
      byUid.set(entry.uid, displayName(entry.name) || entry.email || 'Someone');
    }
    return [...byUid].sort((a, b) => a[1].localeCompare(b[1]));
  }, [roster.rows]);
  return (
    <TextField
      select
      size="small"
      label="From"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ flex: 1, minWidth: 0 }}
    >
      <MenuItem value={ANY}>Anyone</MenuItem>
      {people.map(([uid, name]) => (
        <MenuItem key={uid} value={uid}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

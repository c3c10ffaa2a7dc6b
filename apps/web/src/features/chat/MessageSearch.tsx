// Docs: docs/channels.md#search — the "Search messages" field of a class's chat. While it holds words
// it shows, in place of the channel list, the messages found in the channels the viewer sees (ranked,
// the matched words highlighted), filterable by channel and author; a result opens its channel at that
// message. Highlights come from the server as segments of text and are rendered as React text inside
// <mark>: nothing of a message is ever read as HTML.
import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { searchTerms, type ChannelView, type MessageSearchResult } from '@seminar/shared';
import { useMessageSearch, type MessageSearchFilters } from '../../data/messageSearch';
import { Spinner } from '../../shell/ui';

/** How long typing pauses before the words are searched. */
const SEARCH_DELAY_MS = 300;
/** The filters' "any" value (MessageSearchResults' ANY). */
const ANY = '';

// The results and their filters load with the first search (MUI's select is not in the first load).
const MessageSearchResults = lazy(() => import('./MessageSearchResults'));

export interface MessageSearchProps {
  classId: string;
  /** The channels the viewer sees (the channel filter's choices). */
  channels: readonly ChannelView[];
  /** Opens a result's channel at its message. */
  onOpen: (result: MessageSearchResult) => void;
  /** Shown below the field while no search is active: the channel list. */
  children: ReactNode;
}

export function MessageSearch({ classId, channels, onOpen, children }: MessageSearchProps) {
  const [text, setText] = useState('');
  const [channelId, setChannelId] = useState(ANY);
  const [authorUid, setAuthorUid] = useState(ANY);
  const [query, setQuery] = useState('');
  const fieldId = useId();
  const active = searchTerms(text).length > 0;

  // Search once typing pauses (Enter searches at once).
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const filters = useMemo<MessageSearchFilters | null>(
    () =>
      searchTerms(query).length === 0
        ? null
        : { query, channelId: channelId || null, authorUid: authorUid || null },
    [query, channelId, authorUid],
  );
  const search = useMessageSearch(classId, filters);
  const clear = () => {
    setText('');
    setQuery('');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box
        component="form"
        role="search"
        aria-label="Messages of this class"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text);
        }}
        sx={{ px: 1, pb: 1 }}
      >
        {/* MUI's TextField without its select (which brings Menu, Popover and Modal along). */}
        <FormControl size="small" fullWidth>
          <InputLabel htmlFor={fieldId}>Search messages</InputLabel>
          <OutlinedInput
            id={fieldId}
            type="search"
            label="Search messages"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text !== '') {
                event.preventDefault();
                clear();
              }
            }}
            inputProps={{ maxLength: 200 }}
          />
        </FormControl>
      </Box>
      {active ? (
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
              <Spinner label="Searching" small />
            </Box>
          }
        >
          <MessageSearchResults
            classId={classId}
            channels={channels}
            search={search}
            query={query}
            text={text}
            channelId={channelId}
            authorUid={authorUid}
            onChannelId={setChannelId}
            onAuthorUid={setAuthorUid}
            onOpen={onOpen}
          />
        </Suspense>
      ) : (
        children
      )}
    </Box>
  );
}

// Docs: docs/activities.md#case-brief-and-pins — the open channel's pinned messages: a bar under the
// header saying how many there are; opened, it lists them (author, excerpt) and a click jumps to
// the message (the channel opens at it as at a search result). Staff unpin from the list.
import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PushPinIcon from '@mui/icons-material/PushPin';
import { countOf, type Pin } from '@seminar/shared';
import { useChatPeople } from './ChatPeople';
import { messageExcerpt } from './notificationText';

/** "1 pinned message", "3 pinned messages". */
export const pinnedCount = (count: number) =>
  countOf(count, { one: 'pinned message', other: 'pinned messages' });

/** What a pin shows of its message: its text on one line, or its files. */
export function pinText(pin: Pin, nameOf: (uid: string) => string | undefined): string {
  const text = messageExcerpt(pin.excerpt, nameOf, 140);
  if (text) return text;
  return pin.files > 0 ? `${pin.files === 1 ? 'A file' : `${pin.files} files`}` : '(no text)';
}

export function PinnedBar({
  pins,
  canUnpin,
  onOpen,
  onUnpin,
}: {
  pins: readonly Pin[];
  canUnpin: boolean;
  onOpen: (pin: Pin) => void;
  onUnpin: (pin: Pin) => void;
}) {
  const [open, setOpen] = useState(false);
  const { nameOf } = useChatPeople();
  const listId = useId();
  if (pins.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label="Pinned messages"
      sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
    >
      <ButtonBase
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={listId}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1,
          px: 1.5,
          py: 0.75,
          typography: 'body2',
          color: 'text.secondary',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <PushPinIcon fontSize="small" aria-hidden />
        <Box component="span" sx={{ fontWeight: 500, color: 'text.primary' }}>
          {pinnedCount(pins.length)}
        </Box>
        {open ? (
          <ExpandLessIcon fontSize="small" aria-hidden sx={{ ml: 'auto' }} />
        ) : (
          <ExpandMoreIcon fontSize="small" aria-hidden sx={{ ml: 'auto' }} />
        )}
      </ButtonBase>
      {open ? (
        <Box
          component="ul"
          id={listId}
          aria-label="Pinned"
          sx={{ listStyle: 'none', m: 0, p: 0, pb: 0.5, maxHeight: '30vh', overflowY: 'auto' }}
        >
          {pins.map((pin) => {
            const author = nameOf(pin.author_uid) ?? pin.author_name;
            return (
              <Box component="li" key={pin.message_id} sx={{ display: 'flex', px: 0.5 }}>
                <ButtonBase
                  onClick={() => onOpen(pin)}
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    justifyContent: 'flex-start',
                    textAlign: 'left',
                    borderRadius: 1,
                    px: 1,
                    py: 0.5,
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                  }}
                >
                  <Typography variant="body2" noWrap component="span">
                    <Box component="span" sx={{ fontWeight: 500 }}>
                      {author}
                    </Box>
                    {': '}
                    {pinText(pin, nameOf)}
                  </Typography>
                </ButtonBase>
                {canUnpin ? (
                  <IconButton
                    size="small"
                    aria-label={`Unpin message from ${author}`}
                    onClick={() => onUnpin(pin)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                ) : null}
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}

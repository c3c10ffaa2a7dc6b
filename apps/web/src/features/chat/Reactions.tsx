// Docs: docs/channels.md#reactions — a message's emoji reactions: one chip per emoji (its count, and
// pressed when the viewer is one of them; its name says both, and who reacted shows on hover or
// focus) and an "Add reaction" button with a small picker of common emoji (a menu: arrow keys,
// Enter, Escape). A chip or a picked emoji adds or removes the viewer's reaction.
import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AddReactionOutlinedIcon from '@mui/icons-material/AddReactionOutlined';
import { COMMON_REACTIONS, reactionLabel, type Reaction } from '@seminar/shared';
import { useChatPeople } from './ChatPeople';

/** The picker's emoji with the words a screen reader says for each. */
const EMOJI_NAMES: Record<(typeof COMMON_REACTIONS)[number], string> = {
  '👍': 'thumbs up',
  '❤️': 'heart',
  '😂': 'laughing',
  '🎉': 'party',
  '😮': 'surprised',
  '🙏': 'thank you',
  '👀': 'eyes',
  '✅': 'done',
};

/** Who reacted, by current name: "Ada Lovelace, Alan Turing and you". */
function whoReacted(
  reaction: Reaction,
  viewerUid: string,
  nameOf: (uid: string) => string | undefined,
) {
  const names = reaction.uids.map((uid) =>
    uid === viewerUid ? 'you' : (nameOf(uid) ?? 'someone'),
  );
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** The button that opens the picker; alone, so a message without reactions shows only it. */
export function AddReactionButton({
  onPick,
  className,
}: {
  onPick: (emoji: string) => void;
  className?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label="Add reaction"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        className={className}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ mt: -0.25 }}
      >
        <AddReactionOutlinedIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: {
            'aria-label': 'Reactions',
            sx: { display: 'flex', flexWrap: 'wrap', maxWidth: 216, p: 0.5 },
          },
        }}
      >
        {COMMON_REACTIONS.map((emoji) => (
          <MenuItem
            key={emoji}
            aria-label={`${emoji} ${EMOJI_NAMES[emoji]}`}
            onClick={() => {
              setAnchor(null);
              onPick(emoji);
            }}
            sx={{ minWidth: 0, px: 1, fontSize: '1.25rem', justifyContent: 'center' }}
          >
            {emoji}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The reaction chips of one message (nothing when it has none). */
export const ReactionChips = memo(function ReactionChips({
  reactions,
  onToggle,
}: {
  reactions: readonly Reaction[];
  onToggle: (emoji: string, on: boolean) => void;
}) {
  const { viewerUid, nameOf } = useChatPeople();
  if (reactions.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label="Reactions"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.25 }}
    >
      {reactions.map((reaction) => {
        const mine = reaction.uids.includes(viewerUid);
        return (
          <Tooltip
            key={reaction.emoji}
            title={`${whoReacted(reaction, viewerUid, nameOf)} reacted with ${reaction.emoji}`}
            describeChild
          >
            <ButtonBase
              aria-label={reactionLabel(reaction, viewerUid)}
              aria-pressed={mine}
              onClick={() => onToggle(reaction.emoji, !mine)}
              sx={{
                px: 0.75,
                py: 0.125,
                gap: 0.5,
                borderRadius: 3,
                border: 1,
                fontSize: '0.875rem',
                borderColor: mine ? 'primary.main' : 'divider',
                bgcolor: mine ? 'action.selected' : 'transparent',
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <span aria-hidden>{reaction.emoji}</span>
              <Box component="span" aria-hidden sx={{ fontWeight: 600 }}>
                {reaction.uids.length}
              </Box>
            </ButtonBase>
          </Tooltip>
        );
      })}
    </Box>
  );
});

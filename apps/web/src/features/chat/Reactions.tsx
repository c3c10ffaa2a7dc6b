// Docs: docs/channels.md#reactions — a message's emoji reactions: one chip per emoji (its count, and
// pressed when the viewer is one of them; its name says both, and who reacted shows on hover or
// focus) and an "Add reaction" button with a small picker of common emoji (a menu: arrow keys,
// Enter, Escape). A chip or a picked emoji adds or removes the viewer's reaction.
import { memo, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { Hint } from '../common/Hint';
import { reactionLabel, type Reaction } from '@seminar/shared';
import { useChatPeople } from './ChatPeople';
import { chatClass } from './chatStyles';
import { ReactionPicker } from './lazyRowMenus';

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

const ADD_REACTION_ICON =
  'M7 9.5C7 8.67 7.67 8 8.5 8s1.5.67 1.5 1.5S9.33 11 8.5 11 7 10.33 7 9.5m5 8c2.33 0 4.31-1.46 5.11-3.5H6.89c.8 2.04 2.78 3.5 5.11 3.5m3.5-6.5c.83 0 1.5-.67 1.5-1.5S16.33 8 15.5 8 14 8.67 14 9.5s.67 1.5 1.5 1.5M22 1h-2v2h-2v2h2v2h2V5h2V3h-2zm-2 11c0 4.42-3.58 8-8 8s-8-3.58-8-8 3.58-8 8-8c1.46 0 2.82.4 4 1.08V2.84C14.77 2.3 13.42 2 11.99 2 6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12c0-1.05-.17-2.05-.47-3H19.4c.38.93.6 1.94.6 3';

/**
 * A row's small icon button: a plain `<button>` styled by the list's class rules (chatStyles.ts),
 * as MUI's small IconButton looks. Every message has one or two of these, so a page of messages
 * builds no IconButton, ButtonBase or SvgIcon for them.
 */
export function RowIconButton({
  label,
  iconPath,
  className,
  expanded,
  onOpen,
}: {
  label: string;
  /** An SVG path in a 24×24 box (the Material icon's). */
  iconPath: string;
  className?: string | undefined;
  expanded: boolean;
  onOpen: (button: HTMLElement) => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={expanded ? 'true' : undefined}
      className={className ? `${chatClass.iconButton} ${className}` : chatClass.iconButton}
      onClick={(event) => onOpen(event.currentTarget)}
    >
      <svg viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d={iconPath} />
      </svg>
    </button>
  );
}

/**
 * The button that opens the picker; alone, so a message without reactions shows only it. The
 * picker (a Menu, rowMenus.tsx) is built when first opened, not with every message.
 */
export function AddReactionButton({
  label = 'Add reaction',
  onPick,
  className,
}: {
  /** Its name; in a message, it says which ("Add reaction to Marie Curie's message at 10:42 AM"). */
  label?: string;
  onPick: (emoji: string) => void;
  className?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <RowIconButton
        label={label}
        iconPath={ADD_REACTION_ICON}
        className={className}
        expanded={anchor !== null}
        onOpen={(button) => {
          setOpened(true);
          setAnchor(button);
        }}
      />
      {opened ? (
        <Suspense fallback={null}>
          <ReactionPicker anchor={anchor} onClose={() => setAnchor(null)} onPick={onPick} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The reaction chips of one message (nothing when it has none). */
export const ReactionChips = memo(function ReactionChips({
  reactions,
  onToggle,
}: {
  reactions: readonly Reaction[];
  /** Adds or removes the viewer's reaction; absent, the chips only show (a read-only class). */
  onToggle?: ((emoji: string, on: boolean) => void) | undefined;
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
          <Hint
            key={reaction.emoji}
            title={`${whoReacted(reaction, viewerUid, nameOf)} reacted with ${reaction.emoji}`}
            describeChild
          >
            <ButtonBase
              aria-label={reactionLabel(reaction, viewerUid)}
              aria-pressed={mine}
              aria-disabled={onToggle === undefined ? true : undefined}
              onClick={() => onToggle?.(reaction.emoji, !mine)}
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
          </Hint>
        );
      })}
    </Box>
  );
});

// Docs: docs/channels.md#rendering-the-message-list — the open channel's frame (its header, its
// buttons, the typing line) as plain elements with class names, styled once for the whole channel,
// as the message rows are (chatStyles.ts). Made of MUI components (Box, IconButton, SvgIcon,
// Typography), the frame resolved and inserted its styles as a page opened onto a channel showed
// its first messages: the bound measured on the chat page (the frame, the app bar and the composer
// as plain elements) took Lighthouse's Total Blocking Time from ~720 to ~440 ms (bench/README.md).
import { styled, type Theme } from '@mui/material/styles';
import { iconButtonRules } from './chatStyles';

/** The class names of the frame's parts (ChannelHeader, ChannelPresence, ChatView). */
export const frameClass = {
  header: 'channel-header',
  title: 'channel-title',
  kindIcon: 'channel-kind-icon',
  button: 'channel-button',
  buttonStart: 'channel-button-start',
  online: 'channel-online',
  /** The "Channel tools" toolbar: the buttons after the name. */
  tools: 'channel-tools',
  typing: 'channel-typing',
} as const;

const f = frameClass;

/** The typing line's height while nobody types (ChatView keeps it while the line waits). */
export const TYPING_LINE_HEIGHT = 20;

function headerRules(theme: Theme) {
  const { palette, spacing, typography } = theme;
  return {
    [`.${f.header}`]: {
      display: 'flex',
      alignItems: 'center',
      gap: spacing(1),
      padding: spacing(0.5, 1),
      minHeight: 52,
      // On a laptop its 40 px buttons and 4 px around them (the conversation gets the screen).
      [theme.breakpoints.up('md')]: { minHeight: 48 },
      boxSizing: 'border-box',
      borderBottom: `1px solid ${palette.divider}`,
      flexShrink: 0,
    },
    // As Typography subtitle1, bolder, on one line.
    [`.${f.title}`]: {
      ...typography.subtitle1,
      margin: 0,
      fontWeight: 600,
      flex: 1,
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    // As SvgIcon fontSize="small".
    [`.${f.kindIcon}`]: {
      width: '1em',
      height: '1em',
      fontSize: typography.pxToRem(20),
      fill: 'currentColor',
      flexShrink: 0,
    },
    [`.${f.online}`]: { display: 'flex', alignItems: 'center' },
    // Its buttons spaced as the header's own items are.
    [`.${f.tools}`]: { display: 'flex', alignItems: 'center', gap: spacing(1) },
  };
}

// As MUI's IconButton (medium): a round 40 px target.
function buttonRules(theme: Theme) {
  return {
    [`.${f.button}`]: iconButtonRules(theme, { padding: 8, iconPx: 24 }),
    // IconButton's edge="start": its icon lines up with the content's edge.
    [`.${f.buttonStart}`]: { marginLeft: -12 },
  };
}

function typingRules(theme: Theme) {
  const { palette, spacing, typography } = theme;
  return {
    // As Typography variant="caption", italic, in the secondary text colour.
    [`.${f.typing}`]: {
      ...typography.caption,
      margin: 0,
      padding: spacing(0, 2),
      minHeight: TYPING_LINE_HEIGHT,
      color: palette.text.secondary,
      fontStyle: 'italic',
      overflowWrap: 'anywhere',
      flexShrink: 0,
    },
  };
}

/**
 * The open channel's section: a column (header, messages, typing line, composer) that styles the
 * frame's classes (`frameClass`). `data-dropping` outlines it while files are dragged over it.
 */
export const ChannelFrame = styled('section')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  minHeight: 0,
  outline: 0,
  '&[data-dropping="true"]': {
    outline: `2px dashed ${theme.palette.primary.main}`,
    outlineOffset: -4,
  },
  ...headerRules(theme),
  ...buttonRules(theme),
  ...typingRules(theme),
}));

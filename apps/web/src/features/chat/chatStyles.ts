// Docs: docs/channels.md#rendering-the-message-list — the look of the message list's rows as plain class names,
// styled once for the whole list. A row made of MUI components with `sx` has its styles resolved
// (breakpoints, theme lookups, serializing, hashing) on every render of every row: with a page of
// older messages arriving, or the list opening, that was most of a 50–90 ms task (bench/chat.ts).
// Here the list's container resolves these rules once per render of the list (and again when the
// theme changes: dark mode), and rows are plain elements with these classes.
import { alpha, styled, type Theme } from '@mui/material/styles';

/** The class names of the rows' parts (MessageList, MessageItem, markdown, MentionText, Reactions). */
export const chatClass = {
  row: 'chat-row',
  divider: 'chat-divider',
  dividerNew: 'chat-divider-new',
  group: 'chat-group',
  avatar: 'chat-avatar',
  groupBody: 'chat-group-body',
  groupHead: 'chat-group-head',
  author: 'chat-author',
  time: 'chat-time',
  continued: 'chat-continued',
  message: 'chat-message',
  messageMain: 'chat-message-main',
  body: 'chat-body',
  deleted: 'chat-deleted',
  caption: 'chat-caption',
  captionBlock: 'chat-caption-block',
  iconButton: 'chat-icon-button',
  paragraph: 'chat-p',
  list: 'chat-list',
  code: 'chat-code',
  codeBlock: 'chat-pre',
  link: 'chat-link',
  mention: 'chat-mention',
} as const;

const c = chatClass;

/** Half the theme's corner radius (as `borderRadius: 0.5` in `sx`). */
function halfRadius(theme: Theme): string | number {
  const radius = theme.shape.borderRadius;
  return typeof radius === 'number' ? radius / 2 : `calc(${radius} / 2)`;
}
const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * A plain <button> drawn as MUI's IconButton: round, `padding` around an icon of `iconPx`, the
 * theme's hover and focus tints, greyed when disabled (the rows', the channel header's and the
 * composer's icon buttons).
 */
export function iconButtonRules(
  theme: Theme,
  { padding, iconPx }: { padding: number; iconPx: number },
) {
  const { palette, typography, transitions } = theme;
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: '0 0 auto',
    margin: 0,
    padding,
    border: 0,
    borderRadius: '50%',
    backgroundColor: 'transparent',
    color: palette.action.active,
    fontSize: typography.pxToRem(iconPx),
    cursor: 'pointer',
    WebkitTapHighlightColor: 'transparent',
    transition: transitions.create('background-color', { duration: transitions.duration.shortest }),
    '&:hover:not(:disabled)': {
      backgroundColor: alpha(palette.action.active, palette.action.hoverOpacity),
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
    '&:focus-visible': {
      outline: `2px solid ${palette.primary.main}`,
      backgroundColor: alpha(palette.action.active, palette.action.focusOpacity),
    },
    '&:disabled': { color: palette.action.disabled, cursor: 'default' },
    '& > svg': { width: '1em', height: '1em', fill: 'currentColor', flexShrink: 0 },
  };
}

function rowRules(theme: Theme) {
  const { palette, typography, spacing } = theme;
  return {
    [`.${c.row}`]: {
      padding: spacing(0, 1),
      transition: 'background-color 2s',
      [theme.breakpoints.up('sm')]: { padding: spacing(0, 2) },
      '&[data-focused="true"]': { backgroundColor: palette.action.selected },
    },
    // As MUI's Divider with a label: a line, the label, a line.
    [`.${c.divider}`]: {
      ...typography.caption,
      display: 'flex',
      alignItems: 'center',
      textAlign: 'center',
      whiteSpace: 'nowrap',
      color: palette.text.secondary,
      padding: spacing(1.5, 0),
      '&::before, &::after': {
        content: '""',
        width: '100%',
        borderTop: `thin solid ${palette.divider}`,
      },
      '& > span': { padding: `0 calc(${spacing(1)} * 1.2)` },
    },
    [`.${c.dividerNew}`]: {
      padding: spacing(1, 0),
      color: palette.error.main,
      fontWeight: 600,
    },
    [`.${c.group}`]: { display: 'flex', gap: spacing(1), paddingTop: spacing(1) },
    [`.${c.avatar}`]: {
      flexShrink: 0,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 32,
      height: 32,
      marginTop: spacing(0.25),
      borderRadius: '50%',
      overflow: 'hidden',
      userSelect: 'none',
      fontFamily: typography.fontFamily,
      fontSize: '0.875rem',
      lineHeight: 1,
      backgroundColor: palette.primary.main,
      color: palette.primary.contrastText,
    },
    [`.${c.groupBody}`]: { flex: 1, minWidth: 0 },
    [`.${c.groupHead}`]: {
      display: 'flex',
      alignItems: 'baseline',
      gap: spacing(1),
      flexWrap: 'wrap',
    },
    [`.${c.author}`]: { ...typography.subtitle2, overflowWrap: 'anywhere' },
    [`.${c.time}`]: { ...typography.caption, color: palette.text.secondary },
    [`.${c.continued}`]: { paddingLeft: spacing(5) },
  };
}

function messageRules(theme: Theme) {
  const { palette, typography, spacing, shape } = theme;
  return {
    [`.${c.message}`]: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: spacing(0.5),
      borderRadius: shape.borderRadius,
      padding: spacing(0, 0.5),
      '&[data-mentions-me="true"]': {
        borderLeft: `3px solid ${palette.warning.main}`,
        backgroundColor: palette.action.hover,
      },
      '&:hover, &:focus-within': { backgroundColor: palette.action.hover },
      // The message focused in the list (rovingFocus.ts): its ring inside, since the list clips.
      '&:focus-visible': { outlineOffset: -2 },
      '&[data-pending="true"]': { opacity: 0.7 },
      // With a mouse the actions show on hover or focus; touch screens always show them.
      '@media (hover: hover)': {
        '& .message-actions': { opacity: 0 },
        '&:hover .message-actions, &:focus-within .message-actions, & .message-actions[aria-expanded="true"]':
          { opacity: 1 },
      },
    },
    [`.${c.messageMain}`]: { flex: 1, minWidth: 0 },
    [`.${c.body}`]: { ...typography.body2, padding: spacing(0.25, 0) },
    [`.${c.deleted}`]: {
      ...typography.body2,
      margin: 0,
      fontStyle: 'italic',
      color: palette.text.secondary,
    },
    [`.${c.caption}`]: { ...typography.caption, color: palette.text.secondary },
    [`.${c.captionBlock}`]: { display: 'block' },
    // As MUI's small IconButton with a small icon.
    [`.${c.iconButton}`]: {
      ...iconButtonRules(theme, { padding: 5, iconPx: 20 }),
      boxSizing: 'content-box',
      marginTop: spacing(-0.25),
    },
  };
}

function markdownRules(theme: Theme) {
  const { palette, spacing } = theme;
  const code = {
    fontFamily: MONOSPACE,
    fontSize: '0.875em',
    backgroundColor: palette.action.hover,
    borderRadius: halfRadius(theme),
  };
  // `break-spaces`, not `pre-wrap`: both keep the author's spaces and line breaks, but Chromium lays
  // out a long `pre-wrap` paragraph in a web font far slower (8 KB of `*a `, the bench's hostile
  // message: ~21 ms against ~8 ms on its first layout). The only difference shown: a space at the
  // end of a line takes room instead of hanging past it.
  return {
    [`.${c.paragraph}`]: {
      margin: 0,
      whiteSpace: 'break-spaces',
      overflowWrap: 'anywhere',
      [`& + .${c.paragraph}`]: { marginTop: spacing(0.75) },
    },
    [`.${c.list}`]: {
      margin: spacing(0.25, 0),
      paddingLeft: spacing(3),
      overflowWrap: 'anywhere',
      '& > li': { whiteSpace: 'break-spaces' },
    },
    [`.${c.code}`]: { ...code, padding: spacing(0.125, 0.5) },
    [`.${c.codeBlock}`]: {
      ...code,
      margin: spacing(0.5, 0),
      padding: spacing(1),
      overflowX: 'auto',
      whiteSpace: 'pre',
    },
    // As MUI's Link (underlined in a lighter tint of its colour).
    [`.${c.link}`]: {
      color: palette.primary.main,
      textDecoration: 'underline',
      textDecorationColor: alpha(palette.primary.main, 0.4),
      wordBreak: 'break-all',
      '&:hover': { textDecorationColor: 'inherit' },
    },
    [`.${c.mention}`]: {
      padding: spacing(0, 0.25),
      borderRadius: halfRadius(theme),
      fontWeight: 600,
      backgroundColor: palette.action.selected,
      '&[data-mention="me"]': {
        backgroundColor: palette.warning.light,
        color: palette.warning.contrastText,
      },
    },
  };
}

/**
 * The element around the message list that styles its rows' classes (`chatClass`). Created once at
 * module scope; its rules are resolved when the list renders, not per row.
 */
export const ChatStyleScope = styled('div')(({ theme }) => ({
  ...rowRules(theme),
  ...messageRules(theme),
  ...markdownRules(theme),
}));

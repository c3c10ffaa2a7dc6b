// Docs: docs/channels.md#the-composer — the composer's text box: a plain <textarea> that looks like
// MUI's small outlined text field and grows with its text up to MAX_ROWS lines. Not MUI's multiline
// TextField: that one is seven components deep, resolves its styles per render and measures a
// hidden copy of itself in a layout effect on every change (TextareaAutosize), ~100 ms of a slow
// phone's first chat render. Here the form's styles are resolved once (ComposerForm) and the
// browser sizes the box (`field-sizing: content`); where it cannot (Firefox, Safari today), the box
// is sized from its scroll height after each change.
import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type TextareaHTMLAttributes,
} from 'react';
import { alpha, styled, type Theme } from '@mui/material/styles';
import { iconButtonRules } from './chatStyles';

/** The box grows up to this many lines, then scrolls. */
export const MAX_ROWS = 8;

export const composerFieldClass = 'composer-field';

/** The class names of the composer's other parts (Composer.tsx), styled by ComposerForm too. */
export const composerClass = {
  row: 'composer-row',
  /** The combobox around the text box (MentionPicker.tsx). */
  combo: 'composer-combo',
  attach: 'composer-attach',
  send: 'composer-send',
  note: 'composer-note',
  count: 'composer-count',
  countOver: 'composer-count-over',
  hint: 'composer-hint',
} as const;

/** Whether this browser sizes a textarea to its content by itself. */
function sizesItself(): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function'
    ? CSS.supports('field-sizing', 'content')
    : false;
}

export interface ComposerFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  value: string;
  /** Shown as MUI's error state (red outline, `aria-invalid`). */
  error?: boolean;
}

/** The composer's text box; see the file header. */
export const ComposerField = forwardRef<HTMLTextAreaElement, ComposerFieldProps>(
  function ComposerField({ error = false, value, className, ...rest }, ref) {
    const element = useRef<HTMLTextAreaElement>(null);
    useImperativeHandle(ref, () => element.current as HTMLTextAreaElement);
    useLayoutEffect(() => {
      const box = element.current;
      if (!box || sizesItself()) return;
      box.style.height = 'auto';
      if (box.scrollHeight > 0) box.style.height = `${box.scrollHeight + 2}px`;
    }, [value]);
    return (
      <textarea
        ref={element}
        rows={1}
        value={value}
        aria-invalid={error || undefined}
        className={className ? `${composerFieldClass} ${className}` : composerFieldClass}
        {...rest}
      />
    );
  },
);

/**
 * The composer's <form>, which styles its text box (`composerFieldClass`) once per render of the
 * form (and again when the theme changes: dark mode).
 */
export const ComposerForm = styled('form')(({ theme }) => {
  const { palette, typography, shape } = theme;
  const outline = palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)';
  const lineHeight = 1.4375; // MUI's InputBase
  return {
    padding: theme.spacing(1),
    // On a laptop the conversation gets the screen (docs/channels.md#laptops): less room
    // above and below the field, which the hint line under it already spaces.
    [theme.breakpoints.up('md')]: {
      paddingTop: theme.spacing(0.5),
      paddingBottom: theme.spacing(0.5),
    },
    borderTop: `1px solid ${palette.divider}`,
    position: 'relative',
    ...composerPartRules(theme),
    [`.${composerFieldClass}`]: {
      ...typography.body1,
      lineHeight,
      boxSizing: 'border-box',
      display: 'block',
      flex: '1 1 auto',
      minWidth: 0,
      width: '100%',
      margin: 0,
      padding: '7.5px 13px',
      resize: 'none',
      fieldSizing: 'content',
      minHeight: `calc(${lineHeight}em + 17px)`,
      maxHeight: `calc(${MAX_ROWS * lineHeight}em + 17px)`,
      overflowY: 'auto',
      color: palette.text.primary,
      background: 'transparent',
      border: `1px solid ${outline}`,
      borderRadius: shape.borderRadius,
      outline: 'none',
      '&::placeholder': { color: palette.text.secondary, opacity: 1 },
      // Hover darkens the outline only when it is not showing focus or an error (as MUI's).
      '&:hover:not(:disabled):not(:focus):not([aria-invalid="true"])': {
        borderColor: palette.text.primary,
      },
      '&:focus': {
        borderColor: palette.primary.main,
        boxShadow: `inset 0 0 0 1px ${palette.primary.main}`,
      },
      '&[aria-invalid="true"]': {
        borderColor: palette.error.main,
        '&:focus': { boxShadow: `inset 0 0 0 1px ${palette.error.main}` },
      },
      '&:disabled': {
        color: palette.text.disabled,
        borderColor: palette.action.disabled,
        '&::placeholder': { color: palette.text.disabled },
      },
      '&:focus-visible': {
        boxShadow: `inset 0 0 0 1px ${palette.primary.main}, 0 0 0 3px ${alpha(palette.primary.main, 0.25)}`,
      },
    },
  };
});

/**
 * The row of the attach button, the box and Send, and the lines under it: plain elements drawn as
 * MUI's IconButton, contained Button and caption Typography were (the composer renders with a
 * channel's first messages; as MUI components each resolved and inserted its styles then).
 */
function composerPartRules(theme: Theme) {
  const { palette, typography, shape, spacing, shadows, transitions } = theme;
  const duration = transitions.duration.short;
  const c = composerClass;
  return {
    [`.${c.row}`]: { display: 'flex', gap: spacing(1), alignItems: 'flex-end' },
    [`.${c.combo}`]: { flex: '1 1 auto', minWidth: 0 },
    [`.${c.attach}`]: { ...iconButtonRules(theme, { padding: 8, iconPx: 24 }), flexShrink: 0 },
    // As MUI's contained Button (medium) with an end icon.
    [`.${c.send}`]: {
      ...typography.button,
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      boxSizing: 'border-box',
      minWidth: 64,
      margin: 0,
      padding: '6px 16px',
      border: 0,
      borderRadius: shape.borderRadius,
      color: palette.primary.contrastText,
      backgroundColor: palette.primary.main,
      boxShadow: shadows[2],
      cursor: 'pointer',
      WebkitTapHighlightColor: 'transparent',
      transition: transitions.create(['background-color', 'box-shadow'], { duration }),
      '&:hover:not(:disabled)': {
        backgroundColor: palette.primary.dark,
        boxShadow: shadows[4],
        '@media (hover: none)': { backgroundColor: palette.primary.main, boxShadow: shadows[2] },
      },
      '&:active:not(:disabled)': { boxShadow: shadows[8] },
      '&:focus-visible': {
        outline: `2px solid ${palette.primary.main}`,
        outlineOffset: 2,
        boxShadow: shadows[6],
      },
      '&:disabled': {
        color: palette.action.disabled,
        backgroundColor: palette.action.disabledBackground,
        boxShadow: 'none',
        cursor: 'default',
      },
      '& > svg': {
        width: 20,
        height: 20,
        marginLeft: 8,
        marginRight: -4,
        fill: 'currentColor',
        flexShrink: 0,
      },
    },
    [`.${c.note}`]: {
      ...typography.body2,
      margin: spacing(0, 0, 1),
      color: palette.text.secondary,
    },
    [`.${c.count}, .${c.hint}`]: {
      ...typography.caption,
      display: 'block',
      margin: 0,
      color: palette.text.secondary,
    },
    [`.${c.count}`]: { marginTop: spacing(0.5) },
    [`.${c.countOver}`]: { color: palette.error.main },
    [`.${c.hint}`]: { [theme.breakpoints.down('sm')]: { display: 'none' } },
  };
}

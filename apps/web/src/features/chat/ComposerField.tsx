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
import { alpha, styled } from '@mui/material/styles';

/** The box grows up to this many lines, then scrolls. */
export const MAX_ROWS = 8;

export const composerFieldClass = 'composer-field';

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
    borderTop: `1px solid ${palette.divider}`,
    position: 'relative',
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

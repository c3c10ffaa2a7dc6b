// Plain building blocks (no MUI, styled by shell/plain.css) for what loads before sign-in: the
// signed-out pages, the skip link, the loading spinner, the logo and the colour mode button. MUI and
// emotion load with the signed-in pages only, so the sign-in page's JavaScript stays small.
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import './plain.css';

/** Material icon paths (24×24) used by the plain components. */
export const ICON_PATHS = {
  close:
    'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  success:
    'M20 12c0 4.41-3.59 8-8 8s-8-3.59-8-8 3.59-8 8-8c.76 0 1.5.11 2.2.31l1.57-1.57C14.61 2.26 13.34 2 12 2 6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10M7.91 10.08 6.5 11.5 11 16 21 6l-1.41-1.42L11 13.17z',
  visibility:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  visibilityOff:
    'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
} as const;

/** A decorative 24×24 icon drawn from one path (hidden from assistive technology). */
export function PathIcon({ path, small = false }: { path: string; small?: boolean }) {
  return (
    <svg
      className={small ? 'sm-icon sm-icon-small' : 'sm-icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

/**
 * A spinner; `labelledBy` names it after another element (a pending button), else `label`.
 * `delayed`: a first load's wait, shown only after 0.8 s (it is announced at once); `small`: 28 px.
 */
export function Spinner({
  label,
  labelledBy,
  delayed = false,
  small = false,
}: {
  label?: string;
  labelledBy?: string;
  delayed?: boolean;
  small?: boolean;
}) {
  const className = ['sm-spinner', delayed && 'sm-spinner-delayed', small && 'sm-spinner-small']
    .filter(Boolean)
    .join(' ');
  return (
    <span
      className={className}
      role="progressbar"
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
    />
  );
}

export type PlainButtonProps = {
  /** 'contained': the form's full-width main action; 'text': a secondary action. */
  variant?: 'contained' | 'text';
  /** Disabled and showing a spinner named after the button (its name stays the same). */
  pending?: boolean;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>;

/** A button of the plain pages (a `type="button"` unless told otherwise). */
export function PlainButton({
  variant = 'text',
  pending = false,
  disabled = false,
  className,
  id,
  children,
  type = 'button',
  ...props
}: PlainButtonProps) {
  const ownId = useId();
  const buttonId = id ?? ownId;
  const classes = ['sm-button', `sm-button-${variant}`, pending && 'sm-button-pending', className];
  return (
    <button
      {...props}
      type={type}
      id={buttonId}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || pending}
    >
      <span className="sm-button-label">{children}</span>
      {pending ? <Spinner labelledBy={buttonId} /> : null}
    </button>
  );
}

export type NoticeSeverity = 'error' | 'warning' | 'success';

/** A message box with an icon (role alert, so it is announced), closable when `onClose` is given. */
export function Notice({
  severity,
  onClose,
  closeText = 'Close',
  children,
}: {
  severity: NoticeSeverity;
  onClose?: () => void;
  closeText?: string;
  children: ReactNode;
}) {
  return (
    <div role="alert" className={`sm-alert sm-alert-${severity}`}>
      <PathIcon path={ICON_PATHS[severity]} />
      <div className="sm-alert-message">{children}</div>
      {onClose ? (
        <button
          type="button"
          className="sm-icon-button"
          aria-label={closeText}
          title={closeText}
          onClick={onClose}
        >
          <PathIcon path={ICON_PATHS.close} small />
        </button>
      ) : null}
    </div>
  );
}

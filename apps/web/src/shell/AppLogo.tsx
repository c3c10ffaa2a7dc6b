// The logo mark and app name, plain (no MUI): it shows on the signed-out pages as well as in the
// signed-in app bar.
import { useAppName } from './appName';
import { PlainLink } from './PlainLink';
import './plain.css';

/** The logo mark (the same drawing as public/favicon.svg), inline so it needs no request. */
export function LogoMark() {
  return (
    <svg className="sm-logo-mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1976d2" />
      <path
        d="M16 18h32a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H30l-9 7v-7h-5a4 4 0 0 1-4-4V22a4 4 0 0 1 4-4z"
        fill="#fff"
      />
      <circle cx="24" cy="30" r="3" fill="#1976d2" />
      <circle cx="32" cy="30" r="3" fill="#1976d2" />
      <circle cx="40" cy="30" r="3" fill="#1976d2" />
    </svg>
  );
}

/**
 * The logo mark and app name, linking home. `compact`: on phones only the mark shows (the link
 * keeps the name as its accessible name), leaving room for app bar controls.
 */
export function AppLogo({ compact = false }: { compact?: boolean }) {
  const name = useAppName();
  return (
    <PlainLink
      to="/"
      aria-label={compact ? name : undefined}
      className={compact ? 'sm-logo sm-logo-compact' : 'sm-logo'}
    >
      <LogoMark />
      <span className="sm-logo-name">{name}</span>
    </PlainLink>
  );
}

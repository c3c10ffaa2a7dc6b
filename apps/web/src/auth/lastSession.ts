// Docs: docs/accounts.md#opened-offline — the last session this browser saw signed in, kept so that
// the app opened with no answer from the server (the service worker's shell, offline) starts as
// that user and says it is reconnecting, rather than showing Sign in, which cannot work then. It
// keeps only what the screens show: the user's id, name, e-mail, avatar and whether the address is
// verified, and the session's id and expiry, never its token (the cookie, httpOnly, is the only
// credential). The server still decides: its first answer replaces it, and a `null` one signs out.
import type { SessionPayload } from './session';

export const LAST_SESSION_STORAGE_KEY = 'seminar:last-session';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The parts of a session the screens show, and nothing else (in particular not the session's
 * token): what is kept, and what is given back from the kept copy.
 */
function shownParts(user: Record<string, unknown>, session: Record<string, unknown>) {
  const id = String(user.id);
  return {
    user: {
      id,
      name: String(user.name),
      email: String(user.email),
      image: typeof user.image === 'string' ? user.image : null,
      emailVerified: user.emailVerified === true,
    },
    session: {
      ...(typeof session.id === 'string' ? { id: session.id } : {}),
      userId: id,
      ...(typeof session.expiresAt === 'string' ? { expiresAt: session.expiresAt } : {}),
    },
  } satisfies SessionPayload;
}

/** Keeps `payload`'s shown parts as the last session, or forgets it (`null`: signed out, ended). */
export function rememberSession(payload: SessionPayload | null): void {
  try {
    if (!payload) {
      localStorage.removeItem(LAST_SESSION_STORAGE_KEY);
      return;
    }
    const kept = shownParts(payload.user, payload.session);
    localStorage.setItem(LAST_SESSION_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused (private mode): the app then opens offline on Sign in, as before.
  }
}

/** Forgets the last session (every way a session ends on this device). */
export function forgetSession(): void {
  rememberSession(null);
}

/**
 * The last session, if one is kept and has not expired at `now`; anything malformed (edited,
 * from another version) counts as none.
 */
export function lastSession(now: number = Date.now()): SessionPayload | null {
  let stored: unknown;
  try {
    const text = localStorage.getItem(LAST_SESSION_STORAGE_KEY);
    if (text === null) return null;
    stored = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(stored) || !isRecord(stored.user) || !isRecord(stored.session)) return null;
  const { user, session } = stored;
  if (
    typeof user.id !== 'string' ||
    typeof user.name !== 'string' ||
    typeof user.email !== 'string' ||
    typeof session.expiresAt !== 'string'
  ) {
    return null;
  }
  const expiry = Date.parse(session.expiresAt);
  if (Number.isNaN(expiry) || expiry <= now) return null;
  return shownParts(user, session);
}

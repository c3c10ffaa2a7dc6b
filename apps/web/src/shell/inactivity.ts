// Inactivity reload (SPEC §4 "Inactivity", DESIGN §2): the last user activity (mouse move, key
// press, wheel, touch start) is tracked; when the page has been idle longer than
// INACTIVITY_THRESHOLD_MS (8 h) it reloads. The check runs every INACTIVITY_CHECK_INTERVAL_MS
// (60 s) and whenever the tab becomes visible again.
//
// For tests (and demos) the two values can be shortened per browser with a local storage entry:
//   localStorage['seminar.inactivityOverride'] = JSON.stringify({ thresholdMs: 2000, intervalMs: 250 })
// Either field may be left out; values that are not positive numbers are ignored. The override is
// read when the page starts, so set it and reload.
import { INACTIVITY_CHECK_INTERVAL_MS, INACTIVITY_THRESHOLD_MS } from '@seminar/shared';

export const INACTIVITY_OVERRIDE_KEY = 'seminar.inactivityOverride';
/** The user activity that counts (SPEC §4). */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'wheel', 'touchstart'] as const;
/** An overridden check interval is never shorter than this. */
export const MIN_CHECK_INTERVAL_MS = 50;

export interface InactivitySettings {
  thresholdMs: number;
  intervalMs: number;
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/** The override stored under INACTIVITY_OVERRIDE_KEY (its valid fields only), or {}. */
export function readInactivityOverride(
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
): Partial<InactivitySettings> {
  try {
    const raw = storage?.getItem(INACTIVITY_OVERRIDE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { thresholdMs, intervalMs } = parsed as Record<string, unknown>;
    const result: Partial<InactivitySettings> = {};
    const threshold = positive(thresholdMs);
    const interval = positive(intervalMs);
    if (threshold !== undefined) result.thresholdMs = threshold;
    if (interval !== undefined) result.intervalMs = Math.max(interval, MIN_CHECK_INTERVAL_MS);
    return result;
  } catch {
    return {};
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The settings in force: DESIGN §2's values, with the local override on top. */
export function inactivitySettings(
  override: Partial<InactivitySettings> = readInactivityOverride(),
): InactivitySettings {
  return {
    thresholdMs: override.thresholdMs ?? INACTIVITY_THRESHOLD_MS,
    intervalMs: override.intervalMs ?? INACTIVITY_CHECK_INTERVAL_MS,
  };
}

export interface InactivityOptions extends Partial<InactivitySettings> {
  /** What to do when idle too long (default: reload the page). */
  reload?: () => void;
  now?: () => number;
  /** Where activity and visibility are watched (default: this window). */
  window?: Window;
}

/**
 * Starts watching (once per page load: main.tsx). Reloads at most once. Returns stop().
 * Settings not passed come from `inactivitySettings()` (so the local override applies).
 */
export function startInactivityReload(options: InactivityOptions = {}): () => void {
  const target = options.window ?? window;
  const doc = target.document;
  const defaults = inactivitySettings();
  const thresholdMs = options.thresholdMs ?? defaults.thresholdMs;
  const intervalMs = options.intervalMs ?? defaults.intervalMs;
  const now = options.now ?? (() => Date.now());
  const reload = options.reload ?? (() => target.location.reload());

  let lastActivity = now();
  let stopped = false;

  const onActivity = () => {
    lastActivity = now();
  };
  const check = () => {
    if (stopped) return;
    if (now() - lastActivity > thresholdMs) {
      stop();
      reload();
    }
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') check();
  };

  const listen = { capture: true, passive: true } as const;
  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, listen);
  doc.addEventListener('visibilitychange', onVisibility);
  const timer = target.setInterval(check, intervalMs);

  function stop() {
    if (stopped) return;
    stopped = true;
    target.clearInterval(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, listen);
    doc.removeEventListener('visibilitychange', onVisibility);
  }
  return stop;
}

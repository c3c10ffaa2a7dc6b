import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_CHECK_INTERVAL_MS, INACTIVITY_THRESHOLD_MS } from '@seminar/shared';
import {
  INACTIVITY_OVERRIDE_KEY,
  inactivitySettings,
  readInactivityOverride,
  startInactivityReload,
} from './inactivity';

let visibility: DocumentVisibilityState = 'visible';
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

const setVisibility = (next: DocumentVisibilityState) => {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('inactivity reload (SPEC §4, DESIGN §2)', () => {
  it('uses 8 h and 60 s by default', () => {
    expect(inactivitySettings({})).toEqual({
      thresholdMs: INACTIVITY_THRESHOLD_MS,
      intervalMs: INACTIVITY_CHECK_INTERVAL_MS,
    });
    expect(INACTIVITY_THRESHOLD_MS).toBe(28_800_000);
    expect(INACTIVITY_CHECK_INTERVAL_MS).toBe(60_000);
  });

  it('reloads once the page has been idle longer than the threshold, checked on the interval', () => {
    const reload = vi.fn();
    stop = startInactivityReload({ reload });
    vi.advanceTimersByTime(INACTIVITY_THRESHOLD_MS);
    // Exactly the threshold is not longer than it; the next check is.
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INACTIVITY_CHECK_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    // Once: the watch stops after reloading.
    vi.advanceTimersByTime(INACTIVITY_THRESHOLD_MS * 2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it.each(['mousemove', 'keydown', 'wheel', 'touchstart'])('%s counts as activity', (name) => {
    const reload = vi.fn();
    stop = startInactivityReload({ reload, thresholdMs: 1_000, intervalMs: 100 });
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(500);
      window.dispatchEvent(new Event(name));
    }
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_100);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('checks when the tab becomes visible (timers may not run in a hidden tab)', () => {
    const reload = vi.fn();
    let now = 0;
    stop = startInactivityReload({
      reload,
      thresholdMs: 1_000,
      intervalMs: 1_000_000,
      now: () => now,
    });
    setVisibility('hidden');
    now = 5_000;
    expect(reload).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on becoming visible after a short absence', () => {
    const reload = vi.fn();
    let now = 0;
    stop = startInactivityReload({
      reload,
      thresholdMs: 1_000,
      intervalMs: 10_000,
      now: () => now,
    });
    setVisibility('hidden');
    now = 900;
    setVisibility('visible');
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops watching when stopped', () => {
    const reload = vi.fn();
    stop = startInactivityReload({ reload, thresholdMs: 1_000, intervalMs: 100 });
    stop();
    vi.advanceTimersByTime(5_000);
    setVisibility('visible');
    expect(reload).not.toHaveBeenCalled();
  });

  it(`reads the override from localStorage['${INACTIVITY_OVERRIDE_KEY}']`, () => {
    localStorage.setItem(
      INACTIVITY_OVERRIDE_KEY,
      JSON.stringify({ thresholdMs: 2_000, intervalMs: 250 }),
    );
    expect(readInactivityOverride()).toEqual({ thresholdMs: 2_000, intervalMs: 250 });
    const reload = vi.fn();
    stop = startInactivityReload({ reload });
    vi.advanceTimersByTime(2_000);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores an override that is not valid', () => {
    for (const raw of ['not json', '42', 'null', '{"thresholdMs":-5,"intervalMs":"x"}']) {
      localStorage.setItem(INACTIVITY_OVERRIDE_KEY, raw);
      expect(readInactivityOverride()).toEqual({});
    }
    localStorage.setItem(INACTIVITY_OVERRIDE_KEY, '{"thresholdMs":500}');
    expect(inactivitySettings()).toEqual({
      thresholdMs: 500,
      intervalMs: INACTIVITY_CHECK_INTERVAL_MS,
    });
    // A very short interval is raised to a sane minimum.
    localStorage.setItem(INACTIVITY_OVERRIDE_KEY, '{"intervalMs":1}');
    expect(readInactivityOverride()).toEqual({ intervalMs: 50 });
    expect(readInactivityOverride(null)).toEqual({});
  });
});

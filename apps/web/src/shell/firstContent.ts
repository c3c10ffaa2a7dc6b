// Docs: docs/ARCHITECTURE.md#first-load — the content a page was opened for first, the controls
// around it right after. A page opened straight onto a channel (`/classes/:id?channel=…`) shows its
// messages only once every chunk has loaded, the session has answered and the live socket has
// brought them; on a phone's slow core, rendering the controls that are of no use before then (the
// app bar's class selector, the channel header's buttons, who is online and typing) first would
// push the messages later. Those controls wait for the messages to have painted, or for
// FIRST_CONTENT_WAIT_MS in any case, and keep their space meanwhile (nothing moves when they come).
// Any other first page, and every page after the first, renders everything at once.
import { startTransition, useEffect, useState } from 'react';
import { CHANNEL_PARAM } from '../routes/paths';
import { afterNextPaint } from './afterNextPaint';

/** The longest the controls wait for the first content, whatever happens to it. */
export const FIRST_CONTENT_WAIT_MS = 3_000;

/** The gate between the first content and the controls around it (one per page load). */
export interface FirstContentGate {
  /** True once the controls may render. */
  shown(): boolean;
  /** The first content has been committed: the controls follow after the next paint. */
  release(): void;
  subscribe(listener: () => void): () => void;
}

/** Whether a page load at this address waits for its first content (a channel opened directly). */
export function waitsForFirstContent(pathname: string, search: string): boolean {
  return pathname.startsWith('/classes/') && new URLSearchParams(search).has(CHANNEL_PARAM);
}

/** How long a released gate waits for the browser to report the content's paint. */
export const CONTENT_PAINT_WAIT_MS = 1_000;

/**
 * Calls `done` once the browser has painted content that was committed before the call: when it
 * reports a new largest contentful paint (Chromium), else after the next frame; after `waitMs` at
 * the latest (a smaller paint is not reported, nor any after the person's first input).
 */
export function afterContentPaint(done: () => void, waitMs = CONTENT_PAINT_WAIT_MS): void {
  let finished = false;
  let observer: PerformanceObserver | null = null;
  const finish = () => {
    if (finished) return;
    finished = true;
    observer?.disconnect();
    clearTimeout(timer);
    // A task after the one that reported the paint: the controls' render is not part of it.
    setTimeout(done, 0);
  };
  const timer = setTimeout(finish, waitMs);
  const since = performance.now();
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) finish();
    });
    observer.observe({ type: 'largest-contentful-paint' });
  } else if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(finish);
  } else {
    finish();
  }
}

/**
 * A gate that is open at once unless `held`; a held one opens after `release()` once the content
 * has painted (`afterPaint`), or after `waitMs` in any case.
 */
export function createFirstContentGate(
  held: boolean,
  {
    waitMs = FIRST_CONTENT_WAIT_MS,
    afterPaint = afterContentPaint,
  }: { waitMs?: number; afterPaint?: (done: () => void) => void } = {},
): FirstContentGate {
  let open = !held;
  let releasing = false;
  const listeners = new Set<() => void>();
  const openNow = () => {
    if (open) return;
    open = true;
    for (const listener of [...listeners]) listener();
  };
  if (!open) setTimeout(openNow, waitMs);
  return {
    shown: () => open,
    release() {
      if (open || releasing) return;
      releasing = true;
      afterPaint(openNow);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's gate (tests make their own with `createFirstContentGate` and pass it). */
const pageGate = createFirstContentGate(
  typeof window !== 'undefined' &&
    waitsForFirstContent(window.location.pathname, window.location.search),
);

/** Runs `callback` once the gate is open: now if it is (work that can wait for the first content). */
export function whenFirstContentShown(
  callback: () => void,
  gate: FirstContentGate = pageGate,
): void {
  if (gate.shown()) {
    callback();
    return;
  }
  const unsubscribe = gate.subscribe(() => {
    unsubscribe();
    callback();
  });
}

/**
 * Whether the controls around the first content may render. The change renders as a transition
 * (in slices, like the first render), not as one long task. A `later` control comes a frame after
 * the others, so the controls' commit (their DOM and styles, one task) is two shorter tasks.
 */
export function useFirstContentShown(
  { later = false }: { later?: boolean } = {},
  gate: FirstContentGate = pageGate,
): boolean {
  const [shown, setShown] = useState(gate.shown);
  useEffect(() => {
    if (shown) return;
    let cancelLater = () => undefined as void;
    const show = () => startTransition(() => setShown(true));
    const update = () => {
      if (!gate.shown()) return;
      if (!later) return show();
      cancelLater = afterNextPaint(show);
    };
    const unsubscribe = gate.subscribe(update);
    update();
    return () => {
      unsubscribe();
      cancelLater();
    };
  }, [gate, later, shown]);
  return shown;
}

/**
 * Releases the page's gate once `ready` (the first content is committed), or when the component
 * goes before that (the person moved on: nothing is first any more). Returns the release itself,
 * for content that knows better when it is shown (the message list's first rows).
 */
export function useReleaseFirstContent(
  ready: boolean,
  gate: FirstContentGate = pageGate,
): () => void {
  useEffect(() => {
    if (ready) gate.release();
  }, [gate, ready]);
  useEffect(() => () => gate.release(), [gate]);
  return gate.release;
}

// Viewport height variables (SPEC §2): mobile browsers change the visible height as toolbars and the
// on-screen keyboard come and go, which `100vh` ignores. We keep two CSS variables on <html> in step
// with window.visualViewport (or window.innerHeight where that API is missing):
//   --vh          1% of the visible height, in px (use as `calc(var(--vh) * 100)`)
//   --app-height  the whole visible height, in px
// and, from the signed-in layout, --app-bar-height (the app bar's height, which differs between
// phone, landscape and desktop toolbars), so a view can fill the screen below the app bar.
import { useEffect } from 'react';
import { afterNextPaint } from './afterNextPaint';

/**
 * Starts keeping the variables in step; returns a function that stops it. The first reading comes
 * after the next frame has painted: reading the visual viewport's height forces a layout, and this
 * starts as the app's first render commits, the longest task of a page load on a slow phone. Until
 * then the styles' fallback, `100dvh`, is the same height on a page that has just opened.
 */
export function syncViewportHeight(win: Window = window): () => void {
  const root = win.document.documentElement;
  const viewport = win.visualViewport;
  let last: number | undefined;

  const update = () => {
    const height = viewport ? viewport.height : win.innerHeight;
    if (height === last) return;
    last = height;
    root.style.setProperty('--vh', `${height / 100}px`);
    root.style.setProperty('--app-height', `${height}px`);
  };

  const cancelFirst = afterNextPaint(update, win);
  const target: EventTarget = viewport ?? win;
  const events = viewport ? ['resize', 'scroll'] : ['resize'];
  for (const event of events) target.addEventListener(event, update);
  return () => {
    cancelFirst();
    for (const event of events) target.removeEventListener(event, update);
  };
}

/** Keeps --vh and --app-height in step while the calling component is mounted. */
export function useViewportHeight(): void {
  useEffect(() => syncViewportHeight(), []);
}

/**
 * Keeps the CSS variable `name` on <html> equal to `element`'s height in px while it is mounted.
 * The element, not a ref: a component that renders it only later (the signed-in layout shows a
 * loading screen first) runs this again when it appears.
 */
export function useHeightVariable(element: HTMLElement | null, name: string): void {
  useEffect(() => {
    if (!element) return;
    const root = element.ownerDocument.documentElement;
    const set = (height: number) => root.style.setProperty(name, `${height}px`);
    if (typeof ResizeObserver === 'undefined') {
      set(element.offsetHeight);
      return () => root.style.removeProperty(name);
    }
    // The observer reports the element's size at once (after the next layout) and on every change:
    // reading offsetHeight here instead would force a layout of the whole page inside the first
    // render's task (a long task on a slow phone).
    const observer = new ResizeObserver(([entry]) => {
      set(entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(name);
    };
  }, [element, name]);
}

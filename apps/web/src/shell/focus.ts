// Docs: docs/accessibility.md#focus-rules — where keyboard focus goes when the control that had it
// goes away (a route change, a closed channel, a deleted message): never to the page itself, where a
// keyboard or screen-reader user would have to start again from the top.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './SkipLink';

/** The attribute that marks a channel's message composer (chat/Composer.tsx). */
export const COMPOSER_ATTRIBUTE = 'data-composer';

/** How long a route change waits for its page's heading (a page's code may still be loading). */
const HEADING_WAIT_MS = 10_000;

/** Whether keyboard focus has fallen to the page: on nothing, the body, or a removed element. */
export function focusLost(doc: Document = document): boolean {
  const active = doc.activeElement;
  return (
    active === null || active === doc.body || !active.isConnected || active.id === MAIN_CONTENT_ID
  );
}

/** Focuses `element`, making it focusable by script first if it is not (a heading). */
export function focusElement(element: HTMLElement | null): boolean {
  if (!element) return false;
  if (!element.matches('a[href], button, input, textarea, select, [tabindex]')) {
    element.tabIndex = -1;
  }
  element.focus();
  return element.ownerDocument.activeElement === element;
}

/** The composer of the channel `from` is in (or the page's only one). */
export function composerNear(from?: Element | null): HTMLElement | null {
  const selector = `[${COMPOSER_ATTRIBUTE}]`;
  for (let node = from?.isConnected ? from : null; node; node = node.parentElement) {
    const composer = node.querySelector<HTMLElement>(selector);
    if (composer) return composer;
  }
  return document.querySelector<HTMLElement>(selector);
}

/** Focuses the composer of the channel `from` is in (or the page's only one); whether it did. */
export function focusComposer(from?: Element | null): boolean {
  return focusElement(composerNear(from));
}

/**
 * After a route change that took the focused control away (a submitted sign-in form, a class card
 * that opened its class, the account menu's "Sign out"), focus goes to the new page's main heading
 * once it is there. Focus that is still on something (a tab that changed the route) stays; the first
 * page of a visit is left alone (the reader starts at its top anyway).
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Done when focus is somewhere again: moved here, or by the person in the meantime.
    const settle = () =>
      !focusLost() || focusElement(document.querySelector<HTMLElement>('main h1, h1'));
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/** How long `keepFocusNear` watches: a change's optimistic and confirmed renders fall within it. */
const KEEP_FOCUS_MS = 1_500;
const KEEP_FOCUS_STEP_MS = 50;

/**
 * For a moment after an action whose renders may replace the focused control (a message re-drawn
 * with its new reaction or text), puts focus on `find()` whenever it has fallen to the page. Focus
 * the person moved somewhere themselves is left alone.
 */
export function keepFocusNear(find: () => HTMLElement | null): void {
  // Only the latest action's rule holds: a reaction added a moment before an edit was saved must
  // not take focus back to its "Add reaction" when the editor closes.
  keeping += 1;
  const mine = keeping;
  const until = Date.now() + KEEP_FOCUS_MS;
  const check = () => {
    if (mine !== keeping) return;
    if (focusLost()) focusElement(find());
    if (Date.now() < until) window.setTimeout(check, KEEP_FOCUS_STEP_MS);
  };
  window.setTimeout(check, 0);
}

/** Which `keepFocusNear` call is the latest. */
let keeping = 0;

/**
 * A control of the message row with this id, by how its accessible name begins ("Message actions":
 * the name goes on to say which message, "… for Marie Curie's message at 10:42 AM").
 */
export function messageControl(messageId: string, label: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(
    `[data-message-id="${CSS.escape(messageId)}"] [aria-label^="${label}"]`,
  );
}

/** How long `focusWhenThere` waits (a message opened from search may need its history loaded). */
const WAIT_FOR_TARGET_MS = 10_000;

/**
 * Focuses `find()` as soon as it exists (watching the page until then, for at most
 * WAIT_FOR_TARGET_MS) without scrolling: the list has already brought it into view. For a moment
 * after, focus that falls to the page or goes back to the control that asked (a search result,
 * still on screen) is brought to the target again: the list may draw its row anew.
 */
export function focusWhenThere(find: () => HTMLElement | null): void {
  const opener = document.activeElement;
  const focusTarget = () => {
    const target = find();
    if (!target) return false;
    if (!target.matches('a[href], button, input, textarea, select, [tabindex]')) {
      target.tabIndex = -1;
    }
    target.focus({ preventScroll: true });
    return true;
  };
  const found = () => {
    stop();
    const until = Date.now() + KEEP_FOCUS_MS;
    const check = () => {
      if (focusLost() || document.activeElement === opener) focusTarget();
      if (Date.now() < until) window.setTimeout(check, KEEP_FOCUS_STEP_MS);
    };
    window.setTimeout(check, KEEP_FOCUS_STEP_MS);
  };
  const observer = new MutationObserver(() => {
    if (focusTarget()) found();
  });
  const timer = window.setTimeout(() => stop(), WAIT_FOR_TARGET_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  if (focusTarget()) {
    found();
    return;
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

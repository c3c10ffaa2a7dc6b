// Docs: docs/accessibility.md#keyboard-map — the message list is one Tab stop (roving focus, as
// Slack and Zulip do): Tab into the list focuses a message (the one last focused, if it is still in
// view, else the newest one in view); Up/Down/Home/End move between messages; Enter moves into the
// focused message's controls (its links, reactions, "Add reaction", "Message actions"), where Tab
// and Shift+Tab move between them and Escape goes back to the message. No control inside a message
// is a Tab stop of its own: they come from many components (markdown links, reaction chips, files,
// polls, the lazily loaded editor), so the list takes them out of the Tab order as they appear.
import { useEffect, useRef } from 'react';
import { focusWhenThere } from '../../shell/focus';

/** A message in the list: its element carries the message's id (MessageItem.tsx). */
export const MESSAGE_SELECTOR = '[role="article"][data-message-id]';
/** What can take focus inside a message. */
const CONTROL_SELECTOR =
  'a[href], button, input, select, textarea, [tabindex]:not([role="article"])';
/** Controls inside messages still in the Tab order (the list takes them out). */
const TABBABLE_IN_MESSAGE = `${MESSAGE_SELECTOR} :is(a[href], button, input, select, textarea, [tabindex]):not([tabindex="-1"])`;

/** How arrow keys move in a roving group: a list (Up/Down, stops at its ends) or a toolbar. */
export interface RovingAxis {
  /** 'vertical': Up/Down (the message list); 'horizontal': Left/Right (a toolbar). */
  orientation: 'vertical' | 'horizontal';
  /** Past the last item to the first and back (a toolbar of a few buttons, as the tab list does). */
  wrap: boolean;
}

const MESSAGE_AXIS: RovingAxis = { orientation: 'vertical', wrap: false };

/**
 * Where a key moves the focus from item `index` of `count` (messages, a toolbar's buttons): a new
 * index, or null (not a key of the group's).
 */
export function movedIndex(
  key: string,
  index: number,
  count: number,
  axis: RovingAxis = MESSAGE_AXIS,
): number | null {
  if (count === 0) return null;
  const [back, on] =
    axis.orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  switch (key) {
    case on:
      return index + 1 < count ? index + 1 : axis.wrap ? 0 : count - 1;
    case back:
      return index > 0 ? index - 1 : axis.wrap ? count - 1 : 0;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The message element with this id in the list, if it is rendered. */
function messageElement(scroller: HTMLElement, id: string): HTMLElement | null {
  return scroller.querySelector<HTMLElement>(
    `${MESSAGE_SELECTOR}[data-message-id="${CSS.escape(id)}"]`,
  );
}

/** Whether `element` shows at least partly inside the scroller's view (without layout: yes). */
function inView(scroller: HTMLElement, element: HTMLElement): boolean {
  const view = scroller.getBoundingClientRect();
  if (view.height === 0) return true;
  const box = element.getBoundingClientRect();
  return box.bottom > view.top && box.top < view.bottom;
}

/** The focusable controls of a message, in order (hidden ones left out). */
function controlsOf(message: HTMLElement): HTMLElement[] {
  return [...message.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)].filter(
    (control) =>
      !control.closest('[aria-hidden="true"], [hidden]') &&
      !(control as HTMLButtonElement).disabled,
  );
}

export interface RovingList {
  /** The ids of the loaded messages, oldest first. */
  ids: readonly string[];
  /** Brings message `index` (of `ids`) into the DOM and into view. */
  scrollToIndex: (index: number) => void;
}

/**
 * Roving focus over the messages in `scroller` (react-virtuoso's scroller: only the messages in and
 * near view are rendered). Native listeners: a menu opened from a message is a React child of it
 * but not inside the scroller, and its keys must stay its own.
 */
export function useRovingFocus(scroller: HTMLElement | null, list: RovingList): void {
  const latest = useRef(list);
  latest.current = list;
  const lastFocused = useRef<string | null>(null);

  useEffect(() => {
    if (!scroller) return;
    const focusMessage = (index: number) => {
      const id = latest.current.ids[index];
      if (id === undefined) return;
      const element = messageElement(scroller, id);
      if (element && inView(scroller, element)) {
        element.focus();
        return;
      }
      latest.current.scrollToIndex(index);
      focusWhenThere(() => messageElement(scroller, id));
    };

    // Tab into the list lands on the scroller, which hands focus to a message in view; while focus is
    // inside, the scroller leaves the Tab order so that Shift+Tab goes on out of the list.
    const onFocusIn = (event: FocusEvent) => {
      scroller.tabIndex = -1;
      const target = event.target as HTMLElement;
      const message = target.closest<HTMLElement>(MESSAGE_SELECTOR);
      if (message) {
        lastFocused.current = message.dataset.messageId ?? null;
        return;
      }
      if (target !== scroller) return;
      const remembered =
        lastFocused.current === null ? null : messageElement(scroller, lastFocused.current);
      const shown = [...scroller.querySelectorAll<HTMLElement>(MESSAGE_SELECTOR)].filter((m) =>
        inView(scroller, m),
      );
      const to = remembered && inView(scroller, remembered) ? remembered : (shown.at(-1) ?? null);
      to?.focus({ preventScroll: true });
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (!to || !scroller.contains(to)) scroller.tabIndex = 0;
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      const message = target.closest<HTMLElement>(MESSAGE_SELECTOR);
      if (!message) return;
      if (target === message) {
        if (event.key === 'Enter' || event.key === 'F2') {
          const [first] = controlsOf(message);
          if (first) {
            event.preventDefault();
            first.focus();
          }
          return;
        }
        const ids = latest.current.ids;
        const index = ids.indexOf(message.dataset.messageId ?? '');
        const to = event.shiftKey ? null : movedIndex(event.key, index, ids.length);
        if (index === -1 || to === null) return;
        event.preventDefault();
        focusMessage(to);
        return;
      }
      // Inside the message: its text fields (the editor) keep Escape; Tab walks its controls.
      const typing = target.matches('input, textarea, [contenteditable="true"]');
      if (event.key === 'Escape' && !typing) {
        event.preventDefault();
        message.focus();
      } else if (event.key === 'Tab') {
        const controls = controlsOf(message);
        const at = controls.indexOf(target);
        const next = event.shiftKey ? (at <= 0 ? message : controls[at - 1]) : controls[at + 1];
        // Past the last control, Tab goes on out of the list as usual.
        if (next) {
          event.preventDefault();
          next.focus();
        }
      }
    };

    // Controls inside messages leave the Tab order as they appear (and when one asks to come back).
    const untab = () => {
      for (const control of scroller.querySelectorAll<HTMLElement>(TABBABLE_IN_MESSAGE)) {
        control.tabIndex = -1;
      }
    };
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(scroller, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex', 'href', 'disabled'],
    });

    scroller.addEventListener('focusin', onFocusIn);
    scroller.addEventListener('focusout', onFocusOut);
    scroller.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      scroller.removeEventListener('focusin', onFocusIn);
      scroller.removeEventListener('focusout', onFocusOut);
      scroller.removeEventListener('keydown', onKeyDown);
    };
  }, [scroller]);
}

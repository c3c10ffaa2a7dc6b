// Docs: docs/accessibility.md#keyboard-map — a row of buttons that is one Tab stop (the WAI-ARIA
// toolbar pattern): Tab lands on the button focused last (the first one at the start), Left/Right
// move between the buttons (wrapping), Home/End go to the first/last. The channel header's tools
// ("New poll", "Cold-call", "Notifications", "Members", "Channel settings") would otherwise be five
// stops on the way from the channel list to the composer.
//
// The buttons come from several components (the staff's controls load lazily, the notification
// menu is its own), so the toolbar finds them in its DOM and sets their tabindex as they appear,
// as the message list does with its messages' controls (rovingFocus.ts), rather than each button
// taking a prop. Native listeners: a menu or dialog a button opens is a React child of the toolbar
// (its events bubble through React's tree) but not inside it in the page, and its keys (the arrows
// in a text field of the poll dialog) must stay its own.
import { useEffect, useState, type ReactNode } from 'react';
import { movedIndex, type RovingAxis } from './rovingFocus';

const TOOLBAR_AXIS: RovingAxis = { orientation: 'horizontal', wrap: true };

/**
 * The toolbar's buttons, in order. Left out: disabled ones (they cannot take focus), and the
 * controls of an alert shown from inside it (a snackbar's "Close" is not a tool, and keeps its own
 * Tab stop).
 */
export function toolbarItems(toolbar: HTMLElement): HTMLElement[] {
  return [...toolbar.querySelectorAll<HTMLElement>('button, a[href]')].filter(
    (item) => !(item as HTMLButtonElement).disabled && !item.closest('[role="alert"]'),
  );
}

/** Which of `count` items is the Tab stop: the one focused last (`remembered`), while it is there. */
export function stopIndex(remembered: number, count: number): number | null {
  if (count === 0) return null;
  return remembered >= 0 && remembered < count ? remembered : 0;
}

/** One Tab stop over the buttons in `toolbar`, arrows between them (see the file header). */
export function useToolbarFocus(toolbar: HTMLElement | null): void {
  useEffect(() => {
    if (!toolbar) return;
    let last: HTMLElement | null = null;

    // Only the stop keeps tabindex 0; attributes are written only when they differ, so the
    // observer below, which sees these writes, settles at once.
    const settle = () => {
      const items = toolbarItems(toolbar);
      const stop = stopIndex(last === null ? -1 : items.indexOf(last), items.length);
      items.forEach((item, index) => {
        const wanted = index === stop ? 0 : -1;
        if (item.getAttribute('tabindex') !== String(wanted)) item.tabIndex = wanted;
      });
    };

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!toolbarItems(toolbar).includes(target)) return;
      last = target;
      settle();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.shiftKey) return;
      const items = toolbarItems(toolbar);
      const index = items.indexOf(event.target as HTMLElement);
      if (index === -1) return;
      const to = movedIndex(event.key, index, items.length, TOOLBAR_AXIS);
      if (to === null) return;
      event.preventDefault();
      items[to]?.focus();
    };

    settle();
    // Buttons appear (the staff's controls load after the header), go, or change their tabindex
    // (MUI writes its own when a button is disabled and enabled again).
    const observer = new MutationObserver(settle);
    observer.observe(toolbar, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['tabindex', 'disabled', 'href', 'role'],
    });
    toolbar.addEventListener('focusin', onFocusIn);
    toolbar.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      toolbar.removeEventListener('focusin', onFocusIn);
      toolbar.removeEventListener('keydown', onKeyDown);
    };
  }, [toolbar]);
}

/** A `role="toolbar"` named `label` whose buttons are one Tab stop (see the file header). */
export function RovingToolbar({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const [toolbar, setToolbar] = useState<HTMLDivElement | null>(null);
  useToolbarFocus(toolbar);
  return (
    <div ref={setToolbar} role="toolbar" aria-label={label} className={className}>
      {children}
    </div>
  );
}

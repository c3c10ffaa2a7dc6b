// A tooltip that costs nothing until it is first shown. MUI's Tooltip brings Popper and its
// positioning engine (~18 KB gzip) into the chat page's first load, and renders a dozen hooks for
// every reaction chip in every message; this renders the child as it is, with the handlers that
// open it, and loads the bubble (HintBubble: MUI's Popper, in the Tooltip's look) on first use.
// The same behaviour as MUI's Tooltip: shown 100 ms after the pointer enters or keyboard focus
// arrives, on a long touch, kept while the pointer is on it (WCAG 1.4.13), closed by Escape.
import {
  cloneElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  type TouchEvent,
} from 'react';

const HintBubble = lazy(() => import('./HintBubble'));

/** MUI Tooltip's delays. */
const HINT_ENTER_MS = 100;
const TOUCH_ENTER_MS = 700;
const TOUCH_LEAVE_MS = 1_500;
/** Time to move the pointer from the child onto the bubble before it closes. */
const HOVER_GRACE_MS = 100;
/** After a touch, the browser's emulated mouse events that follow it are not a hover. */
const TOUCH_MOUSE_MS = 1_000;

interface ChildProps {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string | undefined;
  'aria-describedby'?: string | undefined;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
}

/**
 * Shows `title` beside its child on hover, keyboard focus or a long touch. `describeChild`: the
 * title describes the child (which has its own name), else it names the child unless the child
 * has an `aria-label` of its own — as MUI's Tooltip does.
 */
export function Hint({
  title,
  describeChild = false,
  children,
}: {
  title: string;
  describeChild?: boolean;
  children: ReactElement<ChildProps>;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The time of the last touch: a tap is followed by emulated mouse events, which must not open it.
  const touchedAt = useRef(-Infinity);
  const touchedRecently = () => performance.now() - touchedAt.current < TOUCH_MOUSE_MS;
  const own = children.props;

  const later = useCallback((ms: number, then: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(then, ms);
  }, []);
  const closeSoon = useCallback(() => later(HOVER_GRACE_MS, () => setOpen(false)), [later]);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const ref = useCallback(
    (node: HTMLElement | null) => {
      setAnchor(node);
      const childRef = own.ref;
      if (typeof childRef === 'function') childRef(node);
      else if (childRef) childRef.current = node;
    },
    [own.ref],
  );

  const child = cloneElement(children, {
    ref,
    ...(describeChild
      ? { 'aria-describedby': open ? id : own['aria-describedby'] }
      : { 'aria-label': own['aria-label'] ?? title }),
    onMouseEnter: (event) => {
      own.onMouseEnter?.(event);
      if (touchedRecently()) return;
      later(open ? 0 : HINT_ENTER_MS, () => setOpen(true));
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      if (touchedRecently()) return;
      closeSoon();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // Keyboard focus only, as MUI: a click's focus would show it under the pointer twice.
      if (focusVisible(event.currentTarget)) later(HINT_ENTER_MS, () => setOpen(true));
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      close();
    },
    onTouchStart: (event) => {
      own.onTouchStart?.(event);
      touchedAt.current = performance.now();
      later(TOUCH_ENTER_MS, () => setOpen(true));
    },
    onTouchEnd: (event) => {
      own.onTouchEnd?.(event);
      touchedAt.current = performance.now();
      later(TOUCH_LEAVE_MS, () => setOpen(false));
    },
  });

  return (
    <>
      {child}
      {open && anchor ? (
        <Suspense fallback={null}>
          <HintBubble
            id={id}
            title={title}
            anchor={anchor}
            onPointerEnter={() => clearTimeout(timer.current)}
            onPointerLeave={closeSoon}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Whether the element shows a keyboard focus ring (true where the selector is not known). */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

import { useState } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncViewportHeight, useHeightVariable } from './viewport';

class FakeVisualViewport extends EventTarget {
  constructor(public height: number) {
    super();
  }
}

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

function setVisualViewport(value: FakeVisualViewport | undefined) {
  Object.defineProperty(window, 'visualViewport', { configurable: true, value });
}

afterEach(() => {
  setVisualViewport(undefined);
  document.documentElement.style.removeProperty('--vh');
  document.documentElement.style.removeProperty('--app-height');
});

/** After the next frame and the task after it: when the first reading is taken. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('syncViewportHeight', () => {
  it('sets --vh and --app-height from the visual viewport and follows resize and scroll', async () => {
    const viewport = new FakeVisualViewport(800);
    setVisualViewport(viewport);

    const stop = syncViewportHeight();
    // Not in the task that started it (the first render's commit): after the next paint.
    expect(cssVar('--app-height')).toBe('');
    await afterNextPaint();
    expect(cssVar('--vh')).toBe('8px');
    expect(cssVar('--app-height')).toBe('800px');

    viewport.height = 550;
    viewport.dispatchEvent(new Event('resize'));
    expect(cssVar('--vh')).toBe('5.5px');
    expect(cssVar('--app-height')).toBe('550px');

    viewport.height = 600;
    viewport.dispatchEvent(new Event('scroll'));
    expect(cssVar('--app-height')).toBe('600px');

    stop();
    viewport.height = 300;
    viewport.dispatchEvent(new Event('resize'));
    expect(cssVar('--app-height')).toBe('600px');
  });

  it('takes no reading when stopped before the first one', async () => {
    setVisualViewport(new FakeVisualViewport(800));
    const stop = syncViewportHeight();
    stop();
    await afterNextPaint();
    expect(cssVar('--app-height')).toBe('');
  });

  it('falls back to window.innerHeight without visualViewport', async () => {
    setVisualViewport(undefined);
    const original = window.innerHeight;
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 700 });
    try {
      const stop = syncViewportHeight();
      await afterNextPaint();
      expect(cssVar('--app-height')).toBe('700px');
      expect(cssVar('--vh')).toBe('7px');

      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 640 });
      window.dispatchEvent(new Event('resize'));
      expect(cssVar('--app-height')).toBe('640px');
      stop();
    } finally {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: original });
    }
  });
});

describe('useHeightVariable', () => {
  /** Renders the bar only when `shown`, as the signed-in layout does after its loading screen. */
  function Bar({ shown }: { shown: boolean }) {
    const [element, setElement] = useState<HTMLElement | null>(null);
    useHeightVariable(element, '--bar-height');
    return shown ? <header ref={setElement} /> : <p>Loading</p>;
  }

  afterEach(() => {
    cleanup();
    document.documentElement.style.removeProperty('--bar-height');
  });

  it('measures the element when it appears after a first render without it, and stops after', () => {
    const { rerender, unmount } = render(<Bar shown={false} />);
    expect(cssVar('--bar-height')).toBe('');
    rerender(<Bar shown />);
    // jsdom has no layout (and no ResizeObserver): the height it reports is 0.
    expect(cssVar('--bar-height')).toBe('0px');
    unmount();
    expect(cssVar('--bar-height')).toBe('');
  });
});

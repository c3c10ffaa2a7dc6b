// The tooltip that loads its bubble on first use: when it shows and hides, and what it names or
// describes (as MUI's Tooltip does).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hint } from './Hint';

afterEach(cleanup);

/** Waits past the enter delay, then for the bubble's chunk. */
async function bubble(name: string) {
  return screen.findByRole('tooltip', { name }, { timeout: 3_000 });
}

describe('<Hint>', () => {
  it('shows on hover after the delay, describes its child while shown, and hides on leave', async () => {
    render(
      <Hint title="Ada reacted with 👍" describeChild>
        <button aria-label="👍 1 reaction">👍</button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: '👍 1 reaction' });
    expect(button.getAttribute('aria-describedby')).toBeNull();
    fireEvent.mouseEnter(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    const tip = await bubble('Ada reacted with 👍');
    expect(button.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.mouseLeave(button);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });

  it('stays while the pointer moves onto the bubble', async () => {
    render(
      <Hint title="Online: Ada, Alan" describeChild>
        <div tabIndex={-1}>AA</div>
      </Hint>,
    );
    fireEvent.mouseEnter(screen.getByText('AA'));
    const tip = await bubble('Online: Ada, Alan');
    // The bubble is loaded: from here the clock is the test's, so "still open" is past every delay.
    vi.useFakeTimers();
    try {
      fireEvent.mouseLeave(screen.getByText('AA'));
      fireEvent.pointerEnter(tip);
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(screen.getByRole('tooltip', { name: 'Online: Ada, Alan' })).toBeTruthy();
      // Leaving the bubble closes it after the same grace: the wait above was long enough.
      fireEvent.pointerLeave(tip);
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows on keyboard focus and closes on Escape or blur', async () => {
    render(
      <Hint title="Account">
        <button>A</button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Account' });
    act(() => button.focus());
    await bubble('Account');
    fireEvent.keyDown(document, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.mouseEnter(button);
    await bubble('Account');
    act(() => button.blur());
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it.each([
    ['names a child without a name of its own', undefined, 'Private channel'],
    ['leaves a child its own name', 'Account', 'Account'],
  ])('%s', (_case, ownLabel, name) => {
    render(
      <Hint title="Private channel">
        <button aria-label={ownLabel}>🔒</button>
      </Hint>,
    );
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe(name);
  });

  it("keeps the child's own handlers and ref", async () => {
    const onMouseEnter = vi.fn();
    const onFocus = vi.fn();
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Hint title="Hint">
        <button ref={ref} onMouseEnter={onMouseEnter} onFocus={onFocus}>
          x
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button');
    expect(ref.current).toBe(button);
    fireEvent.mouseEnter(button);
    act(() => button.focus());
    expect(onMouseEnter).toHaveBeenCalledTimes(1);
    expect(onFocus).toHaveBeenCalledTimes(1);
    await bubble('Hint');
  });

  it('opens on a long touch and closes a while after it ends', async () => {
    vi.useFakeTimers();
    try {
      render(
        <Hint title="Private channel">
          <span>🔒</span>
        </Hint>,
      );
      const icon = screen.getByText('🔒');
      fireEvent.touchStart(icon);
      act(() => {
        vi.advanceTimersByTime(300);
      });
      fireEvent.touchEnd(icon);
      // The browser follows a tap with emulated mouse events: not a hover.
      fireEvent.mouseEnter(icon);
      act(() => {
        vi.advanceTimersByTime(2_000);
      });
      // A tap is not a long touch: nothing opened.
      expect(screen.queryByRole('tooltip')).toBeNull();
      fireEvent.touchStart(icon);
      act(() => {
        vi.advanceTimersByTime(700);
      });
    } finally {
      vi.useRealTimers();
    }
    await bubble('Private channel');
    fireEvent.touchEnd(screen.getByText('🔒'));
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull(), { timeout: 3_000 });
  });
});

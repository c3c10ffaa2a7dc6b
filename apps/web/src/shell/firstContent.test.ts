import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFirstContentGate,
  useFirstContentShown,
  useReleaseFirstContent,
  waitsForFirstContent,
} from './firstContent';

describe('waitsForFirstContent', () => {
  it.each([
    ['/classes/class_1', '?channel=channel_1', true],
    ['/classes/class_1/chat', '?channel=channel_1&x=1', true],
    ['/classes/class_1', '', false],
    ['/classes/class_1', '?tab=chat', false],
    ['/', '?channel=channel_1', false],
    ['/catalogue', '?class=class_1', false],
    ['/sign-in', '', false],
  ])('%s%s → %s', (pathname, search, expected) => {
    expect(waitsForFirstContent(pathname, search)).toBe(expected);
  });
});

describe('createFirstContentGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is open at once when not held, and release changes nothing', () => {
    const afterPaint = vi.fn();
    const gate = createFirstContentGate(false, { afterPaint });
    expect(gate.shown()).toBe(true);
    gate.release();
    expect(afterPaint).not.toHaveBeenCalled();
  });

  it('opens after the content has painted, once, telling every listener', () => {
    let painted: (() => void) | null = null;
    const afterPaint = vi.fn((done: () => void) => {
      painted = done;
    });
    const gate = createFirstContentGate(true, { afterPaint, waitMs: 3_000 });
    const listener = vi.fn();
    gate.subscribe(listener);
    expect(gate.shown()).toBe(false);
    gate.release();
    gate.release();
    expect(afterPaint).toHaveBeenCalledTimes(1);
    expect(gate.shown()).toBe(false);
    painted!();
    expect(gate.shown()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('opens after waitMs when nothing releases it (or the paint is never reported)', () => {
    const gate = createFirstContentGate(true, { afterPaint: () => undefined, waitMs: 3_000 });
    const listener = vi.fn();
    const unsubscribe = gate.subscribe(listener);
    gate.release();
    vi.advanceTimersByTime(2_999);
    expect(gate.shown()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(gate.shown()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('does not call a listener that unsubscribed', () => {
    let painted: () => void = () => undefined;
    const gate = createFirstContentGate(true, { afterPaint: (done) => (painted = done) });
    const listener = vi.fn();
    gate.subscribe(listener)();
    gate.release();
    painted();
    expect(listener).not.toHaveBeenCalled();
  });

  it('by default opens after the browser reports the paint, else after a frame', () => {
    // jsdom reports no largest contentful paint: the next frame stands in for it.
    const gate = createFirstContentGate(true, { waitMs: 60_000 });
    gate.release();
    expect(gate.shown()).toBe(false);
    vi.advanceTimersByTime(100);
    expect(gate.shown()).toBe(true);
  });
});

describe('useFirstContentShown and useReleaseFirstContent', () => {
  it('render the controls once the content is released and painted', async () => {
    let painted: () => void = () => undefined;
    const gate = createFirstContentGate(true, { afterPaint: (done) => (painted = done) });
    const shown = renderHook(() => useFirstContentShown({}, gate));
    expect(shown.result.current).toBe(false);
    const release = renderHook(({ ready }) => useReleaseFirstContent(ready, gate), {
      initialProps: { ready: false },
    });
    release.rerender({ ready: true });
    expect(shown.result.current).toBe(false);
    await act(async () => painted());
    expect(shown.result.current).toBe(true);
  });

  it('release the gate when the content goes before it was ready', async () => {
    let painted: () => void = () => undefined;
    const gate = createFirstContentGate(true, { afterPaint: (done) => (painted = done) });
    const shown = renderHook(() => useFirstContentShown({}, gate));
    const release = renderHook(() => useReleaseFirstContent(false, gate));
    release.unmount();
    await act(async () => painted());
    expect(shown.result.current).toBe(true);
  });

  it('render a later control a frame after the others', async () => {
    let painted: () => void = () => undefined;
    const gate = createFirstContentGate(true, { afterPaint: (done) => (painted = done) });
    const first = renderHook(() => useFirstContentShown({}, gate));
    const later = renderHook(() => useFirstContentShown({ later: true }, gate));
    gate.release();
    await act(async () => painted());
    expect(first.result.current).toBe(true);
    expect(later.result.current).toBe(false);
    await waitFor(() => expect(later.result.current).toBe(true));
  });
});

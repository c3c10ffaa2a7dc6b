import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { useChannelActions } from '../../data/channels';
import { useChannelPresence, useDocumentVisible } from './useChannelPresence';

afterEach(cleanup);

/** The channel actions the hook uses, recording each call. */
function fakeActions() {
  const calls: string[] = [];
  const record = (what: string) => (channelId: string, type?: string) => {
    calls.push(type ? `${what} ${channelId} ${type}` : `${what} ${channelId}`);
    return Promise.resolve();
  };
  const actions = {
    connected: true,
    notify: vi.fn(record('notify')),
    clearTyping: vi.fn(record('clearTyping')),
    leave: vi.fn(record('leave')),
  } as unknown as ReturnType<typeof useChannelActions>;
  return { actions, calls };
}

describe('useChannelPresence', () => {
  it('says online on entering, typing when told, and clears typing when typing ends', async () => {
    const { actions, calls } = fakeActions();
    const { result } = renderHook(() => useChannelPresence(actions, 'ch1'));
    result.current.typing();
    result.current.typingEnded();
    await waitFor(() => expect(calls).toContain('clearTyping ch1'));
    expect(calls).toEqual(['notify ch1 user_online', 'notify ch1 user_typing', 'clearTyping ch1']);
  });

  it('leaves the channel when the page is hidden away or closed (pagehide), and is back on pageshow from the cache', () => {
    const { actions, calls } = fakeActions();
    const { unmount } = renderHook(() => useChannelPresence(actions, 'ch1'));
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toEqual(['notify ch1 user_online', 'leave ch1']);
    const restored = Object.assign(new Event('pageshow'), { persisted: true });
    window.dispatchEvent(restored);
    expect(calls.at(-1)).toBe('notify ch1 user_online');
    unmount();
    window.dispatchEvent(new Event('pagehide'));
    expect(calls.filter((call) => call === 'leave ch1')).toHaveLength(1);
  });
});

describe('useDocumentVisible', () => {
  afterEach(() => vi.restoreAllMocks());

  // Read synchronously, a tab hiding re-rendered the whole class page inside the event, which the
  // old page's unload waited for on every reload.
  it('follows the tab after the visibilitychange event, not inside it', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const seen: boolean[] = [];
    renderHook(() => {
      const visible = useDocumentVisible();
      seen.push(visible);
      return visible;
    });
    expect(seen.at(-1)).toBe(true);
    const renders = seen.length;
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    // A synchronous (useSyncExternalStore) update would have rendered by the end of this microtask.
    await Promise.resolve();
    expect(seen.length).toBe(renders);
    await waitFor(() => expect(seen.at(-1)).toBe(false));
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(seen.at(-1)).toBe(true));
  });
});

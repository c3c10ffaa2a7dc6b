// The chat's menus are fetched once the page is idle after its first content, once per page.
import { afterEach, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => vi.fn());
vi.mock('./rowMenus', () => {
  loaded('rowMenus');
  return {};
});
vi.mock('./NotifyLevelsMenu', () => {
  loaded('NotifyLevelsMenu');
  return { default: () => null };
});

afterEach(() => vi.unstubAllGlobals());

it('loads the menus when the browser is next idle, and only once', async () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  const { preloadChatMenusWhenIdle } = await import('./lazyRowMenus');

  // This test page waits for no first content (it is not opened onto a channel).
  preloadChatMenusWhenIdle();
  expect(idle).toHaveLength(1);
  expect(loaded).not.toHaveBeenCalled();
  idle[0]?.();
  await vi.waitFor(() =>
    expect(loaded.mock.calls.map(([name]) => name).sort()).toEqual([
      'NotifyLevelsMenu',
      'rowMenus',
    ]),
  );

  preloadChatMenusWhenIdle();
  expect(idle).toHaveLength(1);
});

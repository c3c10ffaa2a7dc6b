// The chat's menus are fetched when the pointer or focus first enters a channel.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

afterEach(cleanup);

// (Only the first entry matters: a module is evaluated once per page whatever imports it again, so
// a later call of preloadChatMenus has nothing a test could count.)
it('loads the menus when the pointer first enters a channel, not before', async () => {
  const { preloadChatMenus } = await import('./lazyRowMenus');
  render(
    <section aria-label="Channel general" onPointerEnter={preloadChatMenus}>
      messages
    </section>,
  );
  expect(loaded).not.toHaveBeenCalled();
  fireEvent.pointerEnter(screen.getByRole('region', { name: 'Channel general' }));
  await vi.waitFor(() =>
    expect(loaded.mock.calls.map(([name]) => name).sort()).toEqual([
      'NotifyLevelsMenu',
      'rowMenus',
    ]),
  );
});

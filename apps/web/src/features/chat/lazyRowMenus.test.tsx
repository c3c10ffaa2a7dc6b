// The chat's menus are fetched when the pointer or focus first enters a channel, once per page.
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

it('loads the menus when the pointer first enters, and only once', async () => {
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
  preloadChatMenus();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(loaded).toHaveBeenCalledTimes(2);
});

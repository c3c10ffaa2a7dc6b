import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeClass } from '../../testing/classFixtures';
import { searchSummary } from './PublicClassesPage';
import { fakeTrpc, trpcError } from '../../testing/liveTestKit';
import type { Class } from '@seminar/shared';

const demo = makeClass({
  class_id: 'class_demo',
  name: 'Business Analytics (demo)',
  is_public: true,
  is_demo: true,
  my_role: undefined,
});
const open = makeClass({
  class_id: 'class_open',
  name: 'Open Physics',
  is_public: true,
  my_role: undefined,
});

async function openFindPage(mine: Class[] = []) {
  fakeAuthServer(sessionFor({ id: 'u1' }));
  const fake = fakeTrpc();
  const app = renderApp('/public-classes', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.public')).toBeDefined());
  await fake.subscription('classes.mine').send({ type: 'snapshot', rows: mine, replace: true });
  await fake
    .subscription('classes.public')
    .send({ type: 'snapshot', rows: [open, demo], replace: true });
  return { fake, ...app };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Find a class', () => {
  it('lists public classes with a "Demo" chip on demo classes, and "Open" for my own', async () => {
    await openFindPage([{ ...open, my_role: 'student' }]);
    expect(await screen.findByRole('heading', { name: 'Find a class', level: 1 })).toBeDefined();
    const demoCard = screen.getByRole('article', { name: 'Business Analytics (demo)' });
    expect(within(demoCard).getByText('Demo')).toBeDefined();
    expect(within(demoCard).getByRole('button', { name: 'Join' })).toBeDefined();
    const openCard = screen.getByRole('article', { name: 'Open Physics' });
    expect(within(openCard).getByRole('link', { name: 'Open Open Physics' })).toBeDefined();
    expect(within(openCard).queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('joins: the class shows in my classes at once and opens', async () => {
    const { fake, router } = await openFindPage();
    const answer = deferred<Class>();
    fake.on('classes.join', () => answer.promise);
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Open Physics' })).getByRole('button', {
        name: 'Join',
      }),
    );
    expect(fake.inputsOf('classes.join')).toEqual([{ class_id: 'class_open' }]);
    answer.resolve({ ...open, my_role: 'student', version: 6 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class_open'));
    expect(await screen.findByRole('heading', { name: 'Open Physics', level: 1 })).toBeDefined();
  });

  it('searches by name, course code, term and discipline, counting matches; an empty result says what was searched', async () => {
    await openFindPage();
    expect((await screen.findByRole('status')).textContent).toBe('2 classes you can join');
    const search = screen.getByRole('searchbox', { name: 'Search classes' });
    fireEvent.change(search, { target: { value: 'physics' } });
    expect(screen.getByRole('status').textContent).toBe('1 of 2 classes matches “physics”');
    expect(screen.getByRole('article', { name: 'Open Physics' })).toBeDefined();
    expect(screen.queryByRole('article', { name: 'Business Analytics (demo)' })).toBeNull();
    fireEvent.change(search, { target: { value: 'quantum' } });
    expect(screen.getByRole('heading', { name: 'No class matches your search' })).toBeDefined();
    expect(
      screen.getByText(
        'Nothing in the 2 classes you can join has “quantum” in its name, course code, term or discipline.',
      ),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('says why a join was refused', async () => {
    const { fake } = await openFindPage();
    fake.on('classes.join', () => {
      throw trpcError(
        'FORBIDDEN',
        'You were removed from this class. Ask an instructor to add you again.',
      );
    });
    const card = await screen.findByRole('article', { name: 'Open Physics' });
    fireEvent.click(within(card).getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe(
        'You were removed from this class. Ask an instructor to add you again.',
      ),
    );
  });
});

describe('the count line of Find a class', () => {
  it.each([
    [1, 1, 'physics', '1 of 1 class matches “physics”'],
    [2, 5, 'bio', '2 of 5 classes match “bio”'],
    [0, 1, 'x', '0 of 1 class match “x”'],
    [0, 3, ' ', '3 classes you can join'],
    [0, 1, '', '1 class you can join'],
  ])('%s of %s for “%s”: %s', (matches, total, query, text) => {
    expect(searchSummary(matches, total, query)).toBe(text);
  });
});

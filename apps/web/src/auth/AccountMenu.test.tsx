import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorWords } from '@seminar/shared';
import { fakeAuthServer, jsonResponse, renderApp, sessionFor } from '../testing/authTestKit';
import { initialsOf } from './AccountMenu';
import { clearSignOutNotice, SESSION_QUERY_KEY } from './session';

const SIGN_OUT = 'POST /api/auth/sign-out';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSignOutNotice();
});

describe('initialsOf', () => {
  it.each([
    ['Lovelace, Ada', 'ada@x.org', 'AL'],
    ['Ada Lovelace', 'ada@x.org', 'AL'],
    ['Plato', 'plato@x.org', 'P'],
    ['', 'zed@x.org', 'Z'],
    [undefined, '', '?'],
  ])('%j, %j → %s', (name, email, initials) => {
    expect(initialsOf(name, email)).toBe(initials);
  });
});

async function openHomeSignedIn() {
  const server = fakeAuthServer(sessionFor({ name: 'Lovelace, Ada', email: 'ada@example.edu' }));
  const app = renderApp('/classes/42');
  const button = await screen.findByRole('button', { name: 'Account' });
  return { server, button, ...app };
}

describe('account menu', () => {
  it('shows the initials, then the display name and e-mail in its menu', async () => {
    const { button } = await openHomeSignedIn();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Account' })).toBe(
      button,
    );
    // Drawn by CSS from data-initials, so the button's name stays "Account" (WCAG 2.5.3).
    expect(button.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('AL');
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ada Lovelace')).toBeDefined();
    expect(within(menu).getByText('ada@example.edu')).toBeDefined();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeDefined();
  });

  it('signs out: tells the server, clears the whole cache and goes to Sign in', async () => {
    const { server, button, router, queryClient } = await openHomeSignedIn();
    queryClient.setQueryData(['classes'], [{ id: 'c1' }]);
    server.on(SIGN_OUT, () => {
      server.session = null;
      return jsonResponse({ success: true });
    });

    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/sign-in');
    // A deliberate sign-out does not bring the next user back to this user's page.
    expect(router.state.location.state).toBeNull();
    expect(server.bodiesSentTo(SIGN_OUT)).toEqual([{}]);
    expect(queryClient.getQueryData(['classes'])).toBeUndefined();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([SESSION_QUERY_KEY]);
    // No "your session has ended" message for a sign-out the user asked for.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays signed in and says so when the server cannot be reached', async () => {
    const { server, button, router } = await openHomeSignedIn();
    server.on(SIGN_OUT, () => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(authErrorWords('network-request-failed').message);
    expect(router.state.location.pathname).toBe('/classes/42');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Account' })).toBeDefined();
  });
});

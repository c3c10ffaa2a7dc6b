import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorWords } from '@seminar/shared';
import { bufferedEvents, takeBufferedEvents } from '../../analytics/events';
import { clearSignOutNotice, getSignOutNotice, setSignOutNotice } from '../../auth/session';
import {
  deferred,
  expectFieldError,
  fakeAuthServer,
  jsonResponse,
  renderApp,
  sessionFor,
} from '../../testing/authTestKit';
import { PASSWORD_CHANGED_MESSAGE } from './SignInPage';

const SIGN_IN = 'POST /api/auth/sign-in/email';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSignOutNotice();
  takeBufferedEvents();
});

async function openSignIn(state?: unknown) {
  const server = fakeAuthServer();
  const app = renderApp('/sign-in', state);
  await screen.findByRole('heading', { name: 'Sign in', level: 1 });
  return { server, ...app };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign in page', () => {
  it('shows the labelled fields, the button, the links and the colour mode control', async () => {
    await openSignIn();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
      '/sign-up',
    );
    expect(screen.getByRole('button', { name: 'Colour mode' })).toBeDefined();
  });

  it('fills in the address an invitation mail links with (?email=)', async () => {
    fakeAuthServer();
    renderApp('/sign-in?email=ada%40uni.test');
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@uni.test');
  });

  it('checks the fields before sending anything', async () => {
    const { server } = await openSignIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expectFieldError('Email', 'Enter your email address.');
    expectFieldError('Password', 'Enter your password.');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    fillAndSubmit('ada@', 'secret-password');
    expectFieldError('Email', authErrorWords('invalid-email').message);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('false');
    expect(server.bodiesSentTo(SIGN_IN)).toHaveLength(0);
  });

  it('signs in, refreshes the session and returns to where the user was going', async () => {
    const { server, router } = await openSignIn({ from: '/classes/42' });
    server.on(SIGN_IN, () => {
      server.session = sessionFor();
      return jsonResponse({ token: 't', user: server.session.user });
    });
    fillAndSubmit('  Ada@Example.EDU ', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/42'));
    expect(server.bodiesSentTo(SIGN_IN)).toEqual([
      { email: 'ada@example.edu', password: 'secret-password' },
    ]);
    // SPEC §7 analytics: sign_in, once signed in.
    expect(bufferedEvents().map(({ event, payload }) => ({ event, payload }))).toEqual([
      { event: 'sign_in', payload: { uid: 'u1' } },
    ]);
  });

  it('disables the button and shows progress while the request runs', async () => {
    const { server } = await openSignIn();
    const answer = deferred<Response>();
    server.on(SIGN_IN, () => answer.promise);
    fillAndSubmit('ada@example.edu', 'secret-password');

    const button = await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByRole('progressbar', { name: 'Sign in' })).toBeDefined();

    await act(async () => answer.resolve(jsonResponse({ code: 'INVALID_EMAIL_OR_PASSWORD' }, 401)));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows a wrong e-mail or password under Password', async () => {
    const { server } = await openSignIn();
    server.on(SIGN_IN, () => jsonResponse({ code: 'INVALID_EMAIL_OR_PASSWORD' }, 401));
    fillAndSubmit('ada@example.edu', 'wrong-password');
    await waitFor(() => expectFieldError('Password', authErrorWords('invalid-credential').message));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      'too many requests',
      () => new Response('Too many requests', { status: 429 }),
      'too-many-requests',
    ],
    ['a disabled account', () => jsonResponse({ code: 'USER_DISABLED' }, 403), 'user-disabled'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'network-request-failed',
    ],
  ] as const)('shows %s as an alert', async (_case, answer, code) => {
    const { server } = await openSignIn();
    server.on(SIGN_IN, answer);
    fillAndSubmit('ada@example.edu', 'secret-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(authErrorWords(code).message);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('false');
  });

  it('says why the user was signed out until they close the message', async () => {
    setSignOutNotice('user-token-expired');
    await openSignIn();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(authErrorWords('user-token-expired').message);
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the sign-out message once signed in again', async () => {
    setSignOutNotice('user-disabled');
    const { server } = await openSignIn();
    server.on(SIGN_IN, () => {
      server.session = sessionFor();
      return jsonResponse({ token: 't' });
    });
    fillAndSubmit('ada@example.edu', 'secret-password');
    await screen.findByRole('heading', { name: 'My classes' });
    expect(getSignOutNotice()).toBeNull();
  });

  it('says the password was changed and fills in the e-mail after a reset', async () => {
    await openSignIn({ passwordChanged: true, email: 'ada@example.edu' });
    expect(screen.getByText(PASSWORD_CHANGED_MESSAGE)).toBeDefined();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.edu');
  });
});

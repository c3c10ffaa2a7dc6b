import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorWords } from '@seminar/shared';
import {
  deferred,
  descriptionOf,
  expectFieldError,
  fakeAuthServer,
  jsonResponse,
  renderApp,
  sessionFor,
} from '../../testing/authTestKit';
import { NAME_HELPER_TEXT } from './SignUpPage';

const SIGN_UP = 'POST /api/auth/sign-up/email';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openSignUp(state?: unknown) {
  const server = fakeAuthServer();
  const app = renderApp('/sign-up', state);
  await screen.findByRole('heading', { name: 'Create account', level: 1 });
  return { server, ...app };
}

function fillAndSubmit(name: string, email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('Create account page', () => {
  it('shows the labelled fields with their help, the button and the sign-in link', async () => {
    await openSignUp();
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('autocomplete')).toBe('name');
    expect(descriptionOf(name)).toBe(NAME_HELPER_TEXT);
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(descriptionOf(password)).toBe('At least 8 characters');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });

  it('checks the fields before sending anything', async () => {
    const { server } = await openSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expectFieldError('Name', 'Enter your name.');
    expectFieldError('Email', 'Enter your email address.');
    expectFieldError('Password', 'Enter your password.');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));

    fillAndSubmit('Lovelace, Ada', 'not-an-email', 'short');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false');
    expectFieldError('Email', authErrorWords('invalid-email').message);
    expectFieldError('Password', authErrorWords('weak-password').message);

    fillAndSubmit('Lovelace, Ada', 'ada@example.edu', 'x'.repeat(129));
    expectFieldError('Password', authErrorWords('weak-password').message);
    expect(server.bodiesSentTo(SIGN_UP)).toHaveLength(0);
  });

  it('creates the account, signs in and goes home', async () => {
    const { server, router } = await openSignUp();
    server.on(SIGN_UP, () => {
      server.session = sessionFor();
      return jsonResponse({ token: 't', user: server.session.user });
    });
    fillAndSubmit('  Lovelace, Ada ', 'Ada@Example.edu', 'correct horse battery');
    expect(await screen.findByRole('heading', { name: 'My classes' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
    expect(server.bodiesSentTo(SIGN_UP)).toEqual([
      { name: 'Lovelace, Ada', email: 'ada@example.edu', password: 'correct horse battery' },
    ]);
  });

  it('disables the button while the request runs', async () => {
    const { server } = await openSignUp();
    const answer = deferred<Response>();
    server.on(SIGN_UP, () => answer.promise);
    fillAndSubmit('Lovelace, Ada', 'ada@example.edu', 'correct horse battery');
    const button = screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    await act(async () => answer.resolve(new Response('', { status: 429 })));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it.each(['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'USER_ALREADY_EXISTS'])(
    'shows %s under Email',
    async (code) => {
      const { server } = await openSignUp();
      server.on(SIGN_UP, () => jsonResponse({ code, message: 'exists' }, 422));
      fillAndSubmit('Lovelace, Ada', 'ada@example.edu', 'correct horse battery');
      await waitFor(() =>
        expectFieldError('Email', authErrorWords('email-already-in-use').message),
      );
    },
  );

  it.each(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_COMMON'])(
    'shows %s under Password',
    async (code) => {
      const { server } = await openSignUp();
      server.on(SIGN_UP, () => jsonResponse({ code }, 400));
      fillAndSubmit('Lovelace, Ada', 'ada@example.edu', 'password123');
      await waitFor(() => expectFieldError('Password', authErrorWords('weak-password').message));
    },
  );

  it('shows a rate limit as an alert', async () => {
    const { server } = await openSignUp();
    server.on(SIGN_UP, () => new Response(null, { status: 429 }));
    fillAndSubmit('Lovelace, Ada', 'ada@example.edu', 'correct horse battery');
    expect((await screen.findByRole('alert')).textContent).toBe(
      authErrorWords('too-many-requests').message,
    );
  });
});

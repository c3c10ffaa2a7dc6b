import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorWords } from '@seminar/shared';
import {
  deferred,
  expectFieldError,
  fakeAuthServer,
  jsonResponse,
  renderApp,
} from '../../testing/authTestKit';
import { codeInHandMessage, codeSentMessage } from './ForgotPasswordPage';
import { PASSWORD_CHANGED_MESSAGE } from './SignInPage';

const SEND = 'POST /api/auth/email-otp/send-verification-otp';
const RESET = 'POST /api/auth/email-otp/reset-password';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openForgotPassword(state?: unknown) {
  const server = fakeAuthServer();
  server.on(SEND, () => jsonResponse({ success: true }));
  const app = renderApp('/forgot-password', state);
  await screen.findByRole('heading', { name: 'Forgot password', level: 1 });
  return { server, ...app };
}

function sendCode(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

async function openStepTwo(state?: unknown) {
  const app = await openForgotPassword(state);
  sendCode('Ada@Example.edu');
  await screen.findByLabelText('Code');
  return app;
}

function resetWith(code: string, password: string) {
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: code } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('Forgot password page', () => {
  it('starts with the Email field and the Send code button', async () => {
    await openForgotPassword();
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/sign-in',
    );
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('fills in the address an invitation mail links with (?email=)', async () => {
    fakeAuthServer();
    renderApp('/forgot-password?email=ada%40uni.test');
    await screen.findByRole('heading', { name: 'Forgot password', level: 1 });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@uni.test');
  });

  it('checks the e-mail before sending', async () => {
    const { server } = await openForgotPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expectFieldError('Email', 'Enter your email address.');
    sendCode('ada@example');
    expectFieldError('Email', authErrorWords('invalid-email').message);
    expect(server.bodiesSentTo(SEND)).toHaveLength(0);
  });

  it('goes from the e-mail to the code and new password, then to Sign in with a message', async () => {
    const { server, router } = await openForgotPassword({ from: '/classes/7' });
    const sent = deferred<Response>();
    server.on(SEND, () => sent.promise);
    server.on(RESET, () => jsonResponse({ status: true }));

    sendCode(' Ada@Example.edu ');
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    await act(async () => sent.resolve(jsonResponse({ success: true })));

    // Step 2.
    expect(await screen.findByText(codeSentMessage('ada@example.edu'))).toBeDefined();
    expect(
      screen.getByText(
        'If an account exists for ada@example.edu, we sent it a 6-digit code. It works for 10 minutes.',
      ),
    ).toBeDefined();
    expect(server.bodiesSentTo(SEND)).toEqual([
      { email: 'ada@example.edu', type: 'forget-password' },
    ]);
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByLabelText('New password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Use another email' })).toBeDefined();

    resetWith('123 456', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(server.bodiesSentTo(RESET)).toEqual([
      { email: 'ada@example.edu', otp: '123456', password: 'correct horse battery' },
    ]);
    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeDefined();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.edu');
    // Signing in afterwards still returns to where the user was going.
    expect(router.state.location.state).toMatchObject({ from: '/classes/7' });
  });

  it('checks the code and the new password before sending', async () => {
    const { server } = await openStepTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expectFieldError('Code', 'Enter the 6-digit code from the email.');
    expectFieldError('New password', 'Enter a new password.');
    resetWith('12345', 'short');
    expectFieldError('Code', 'Enter the 6-digit code from the email.');
    expectFieldError('New password', authErrorWords('weak-password').message);
    expect(server.bodiesSentTo(RESET)).toHaveLength(0);
  });

  it.each([
    ['INVALID_OTP', 400, 'invalid-action-code'],
    ['OTP_EXPIRED', 400, 'expired-action-code'],
    ['TOO_MANY_ATTEMPTS', 403, 'expired-action-code'],
  ] as const)('shows %s under Code', async (providerCode, status, code) => {
    const { server } = await openStepTwo();
    server.on(RESET, () => jsonResponse({ code: providerCode }, status));
    resetWith('123456', 'correct horse battery');
    await waitFor(() => expectFieldError('Code', authErrorWords(code).message));
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
  });

  it('shows a refused password under New password', async () => {
    const { server } = await openStepTwo();
    server.on(RESET, () => jsonResponse({ code: 'PASSWORD_TOO_COMMON' }, 400));
    resetWith('123456', 'password123');
    await waitFor(() => expectFieldError('New password', authErrorWords('weak-password').message));
  });

  it('disables Reset password while the request runs', async () => {
    const { server } = await openStepTwo();
    const answer = deferred<Response>();
    server.on(RESET, () => answer.promise);
    resetWith('123456', 'correct horse battery');
    const button = screen.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(
      (screen.getByRole('button', { name: 'Use another email' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => answer.resolve(jsonResponse({ code: 'INVALID_OTP' }, 400)));
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('sends a new code to the same address', async () => {
    const { server } = await openStepTwo();
    server.on(RESET, () => jsonResponse({ code: 'OTP_EXPIRED' }, 400));
    resetWith('123456', 'correct horse battery');
    await waitFor(() => expectFieldError('Code', authErrorWords('expired-action-code').message));

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We sent a new code. Use the newest one.')).toBeDefined();
    expect(server.bodiesSentTo(SEND)).toHaveLength(2);
    expect(server.bodiesSentTo(SEND)[1]).toEqual({
      email: 'ada@example.edu',
      type: 'forget-password',
    });
    const code = screen.getByLabelText('Code') as HTMLInputElement;
    expect(code.value).toBe('');
    expect(code.getAttribute('aria-invalid')).toBe('false');
  });

  it('goes back to step 1 with "Use another email"', async () => {
    await openStepTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('Ada@Example.edu');
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it.each([
    ['too many requests', () => jsonResponse({}, 429), 'too-many-requests'],
    [
      'no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'network-request-failed',
    ],
  ] as const)('shows %s when sending the code as an alert', async (_case, answer, code) => {
    const { server } = await openForgotPassword();
    server.on(SEND, answer);
    sendCode('ada@example.edu');
    expect((await screen.findByRole('alert')).textContent).toBe(authErrorWords(code).message);
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  // Issue 33: the mail's link opened a page that could only send a new code, replacing the one in
  // hand. It opens the "enter the code" step for its address now.
  it('opens at the code step from the reset mail’s link, sending no new code', async () => {
    const server = fakeAuthServer();
    server.on(RESET, () => jsonResponse({ status: true }));
    const { router } = renderApp('/forgot-password?email=Ada%40Example.edu&step=code');
    await screen.findByRole('heading', { name: 'Forgot password', level: 1 });
    expect(screen.getByRole('status').textContent).toBe(codeInHandMessage('ada@example.edu'));
    resetWith('123456', 'a new long password 42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(server.bodiesSentTo(RESET)).toEqual([
      { email: 'ada@example.edu', otp: '123456', password: 'a new long password 42' },
    ]);
    expect(server.bodiesSentTo(SEND)).toHaveLength(0);
  });

  it('starts at the e-mail step when the link’s address is not one', async () => {
    fakeAuthServer();
    renderApp('/forgot-password?email=ada%40example&step=code');
    await screen.findByRole('heading', { name: 'Forgot password', level: 1 });
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example');
  });

  it('offers “I already have a code”: the code step for the address, with no new code sent', async () => {
    const { server } = await openForgotPassword();
    fireEvent.click(screen.getByRole('button', { name: 'I already have a code' }));
    expectFieldError('Email', 'Enter your email address.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.edu' } });
    fireEvent.click(screen.getByRole('button', { name: 'I already have a code' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      codeInHandMessage('ada@example.edu'),
    );
    expect(screen.getByLabelText('Code')).toBeDefined();
    expect(server.bodiesSentTo(SEND)).toHaveLength(0);
    // Back to step 1 keeps the address as typed.
    fireEvent.click(screen.getByRole('button', { name: 'Use another email' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('Ada@Example.edu');
  });
});

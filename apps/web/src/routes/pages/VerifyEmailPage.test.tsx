import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authErrorWords } from '@seminar/shared';
import { clearSignOutNotice } from '../../auth/session';
import { fakeAuthServer, jsonResponse, renderApp, sessionFor } from '../../testing/authTestKit';

const VERIFY = 'POST /api/auth/email-otp/verify-email';
const RESEND = 'POST /api/auth/email-otp/send-verification-otp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSignOutNotice();
});

function unverified() {
  const server = fakeAuthServer(sessionFor({ email: 'ada@example.edu', emailVerified: false }));
  const app = renderApp('/');
  return { server, ...app };
}

describe('Verify your e-mail', () => {
  it('stands in front of the whole app, with no live client, until the address is verified', async () => {
    const { server, liveClients } = unverified();
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain('ada@example.edu');
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull();
    expect(liveClients).toHaveLength(0);

    // A short code is refused before it is sent.
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '12 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from the email.')).toBeDefined();
    expect(server.callsTo(VERIFY)).toBe(0);

    server.on(VERIFY, () => jsonResponse({ code: 'INVALID_OTP', message: 'Invalid OTP' }, 400));
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(authErrorWords('invalid-action-code').message)).toBeDefined();

    server.on(VERIFY, () => {
      server.session = sessionFor({ email: 'ada@example.edu', emailVerified: true });
      return jsonResponse({ status: true });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Account' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail' })).toBeNull();
    expect(server.bodiesSentTo(VERIFY).at(-1)).toEqual({ email: 'ada@example.edu', otp: '123456' });
    await waitFor(() => expect(liveClients.length).toBeGreaterThan(0));
  });

  it('sends a new code on request', async () => {
    const { server } = unverified();
    server.on(RESEND, () => jsonResponse({ success: true }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We sent a new code. Use the newest one.')).toBeDefined();
    expect(server.bodiesSentTo(RESEND)).toEqual([
      { email: 'ada@example.edu', type: 'email-verification' },
    ]);
  });

  // Issue 33: on a server without SMTP it said "We sent a code" and nothing of where the mail was.
  it('says where the mail is on a server that keeps it in the development outbox', async () => {
    const server = fakeAuthServer(sessionFor({ email: 'ada@example.edu', emailVerified: false }));
    server.on('HEAD /dev/outbox.json', () => new Response(null, { status: 200 }));
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'development outbox' });
    expect(link.getAttribute('href')).toBe('/dev/outbox');
    expect(link.closest('p')?.textContent).toContain('This server sends no e-mail');
  });

  it('says nothing of an outbox where mail goes out (the outbox answers 404)', async () => {
    const server = fakeAuthServer(sessionFor({ email: 'ada@example.edu', emailVerified: false }));
    server.on('HEAD /dev/outbox.json', () => new Response(null, { status: 404 }));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Verify your e-mail' });
    await waitFor(() => expect(server.callsTo('HEAD /dev/outbox.json')).toBe(1));
    // The answer has come and been handled before absence is checked.
    await act(async () => {
      await server.fetch.mock.results.at(-1)?.value;
    });
    expect(screen.queryByRole('link', { name: 'development outbox' })).toBeNull();
  });
});

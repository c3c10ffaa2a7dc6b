// "Sign in with ⟨Institution⟩" on the sign-in page (docs/institutions.md#single-sign-on-oidc): one
// link per configured provider, to its start URL (a full-page navigation through the provider);
// while the list loads, with none configured, or when it cannot be had, the password form alone.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SsoProviderButton } from '@seminar/shared';
import { fakeAuthServer, jsonResponse, renderApp } from '../testing/authTestKit';
import { settle } from '../testing/liveTestKit';

const PROVIDERS = 'GET /api/sso/providers';
const UNI: SsoProviderButton = {
  id: 'uni',
  label: 'Example University',
  startUrl: '/api/sso/uni/start',
};
const COLLEGE: SsoProviderButton = {
  id: 'college',
  label: 'Example College',
  startUrl: '/api/sso/college/start',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Waits until `server` was asked for the list and its answer (whatever it is) was handled. */
async function listAnswered(server: ReturnType<typeof fakeAuthServer>) {
  await waitFor(() => expect(server.callsTo(PROVIDERS)).toBe(1));
  await act(async () => {
    await settle();
    await settle();
  });
}

/** The sign-in page, its password form shown. */
async function signInPage() {
  renderApp('/sign-in');
  await screen.findByRole('button', { name: 'Sign in' });
}

describe('SsoButtons', () => {
  it('shows one link per provider, to its start URL, above the password form', async () => {
    const server = fakeAuthServer().on(PROVIDERS, () =>
      jsonResponse({ providers: [UNI, COLLEGE] }),
    );
    await signInPage();
    const group = await screen.findByRole('group', { name: 'Sign in with your institution' });
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Sign in with Example University', '/api/sso/uni/start'],
      ['Sign in with Example College', '/api/sso/college/start'],
    ]);
    expect(screen.getByLabelText('Email')).toBeDefined();
    expect(server.callsTo(PROVIDERS)).toBe(1);
  });

  it('shows the password form alone while the list loads', async () => {
    let answer!: (response: Response) => void;
    fakeAuthServer().on(PROVIDERS, () => new Promise<Response>((resolve) => (answer = resolve)));
    await signInPage();
    expect(screen.queryByRole('group', { name: 'Sign in with your institution' })).toBeNull();
    answer(jsonResponse({ providers: [UNI] }));
    expect(
      await screen.findByRole('link', { name: 'Sign in with Example University' }),
    ).toBeDefined();
  });

  it('shows nothing when no provider is configured', async () => {
    const server = fakeAuthServer().on(PROVIDERS, () => jsonResponse({ providers: [] }));
    await signInPage();
    await listAnswered(server);
    expect(screen.queryByRole('group', { name: 'Sign in with your institution' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('leaves the password form working when the list cannot be had', async () => {
    const server = fakeAuthServer().on(PROVIDERS, () => jsonResponse({ error: 'down' }, 503));
    await signInPage();
    await listAnswered(server);
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    cleanup();
    // No answer at all (offline): the same.
    const offline = fakeAuthServer().on(PROVIDERS, () => {
      throw new TypeError('Failed to fetch');
    });
    await signInPage();
    await listAnswered(offline);
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDefined();
  });
});

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_REFRESH_BEFORE_EXPIRY_MS } from '@seminar/shared';
import { fakeAuthServer, jsonResponse, sessionFor } from '../testing/authTestKit';
import { loadDraft, saveDraft } from '../features/chat/drafts';
import { AuthError } from './authApi';
import { LAST_SESSION_STORAGE_KEY, lastSession } from './lastSession';
import {
  clearSignOutNotice,
  FIRST_LOAD_RETRY_MAX_MS,
  firstLoadRetryDelay,
  GET_SESSION_PATH,
  getSignOutNotice,
  prefetchSession,
  SESSION_QUERY_KEY,
  SESSION_RETRY_BASE_MS,
  SESSION_RETRY_MAX_MS,
  SessionProvider,
  sessionRefreshDelay,
  sessionRetryDelay,
  signOut,
  signOutWithMessage,
  useSession,
} from './session';

const GET_SESSION = `GET ${GET_SESSION_PATH}`;
const SIGN_OUT = 'POST /api/auth/sign-out';
const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();

function Probe() {
  const { status, session, user } = useSession();
  return (
    <>
      <output aria-label="session">{`${status} ${session?.expiresAt ?? '-'}`}</output>
      <output aria-label="user">{user?.email ?? '-'}</output>
    </>
  );
}

function renderSession(
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const shown = () => screen.getByLabelText('session').textContent;
const shownUser = () => screen.getByLabelText('user').textContent;

/** Puts some of the user's data in the cache, to see it go on sign-out. */
function cacheUserData(queryClient: QueryClient) {
  queryClient.setQueryData(['classes'], [{ id: 'c1' }]);
  queryClient.getMutationCache().build(queryClient, { mutationKey: ['post'] });
}

function expectOnlySignedOutSession(queryClient: QueryClient) {
  expect(queryClient.getQueryData(['classes'])).toBeUndefined();
  expect(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey),
  ).toEqual([SESSION_QUERY_KEY]);
  expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSignOutNotice();
  localStorage.clear();
});

const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

describe('opened with no answer from the server (offline, from the service worker’s shell)', () => {
  const expiresAt = '2099-01-01T00:00:00.000Z';

  /** A browser where `email` was signed in: the app ran once and got the session. */
  async function signedInBefore(email = 'ada@example.edu') {
    const server = fakeAuthServer({
      ...sessionFor({ email }, expiresAt),
      // Better Auth's payload carries the session's token: it must not be kept.
      session: { id: 's-u1', userId: 'u1', expiresAt, token: 'secret-token' },
    });
    renderSession();
    await waitFor(() => expect(shown()).toBe(`signed-in ${expiresAt}`));
    expect(shownUser()).toBe(email);
    cleanup();
    return server;
  }

  it('keeps the last session’s shown parts, never its token', async () => {
    await signedInBefore();
    const kept = localStorage.getItem(LAST_SESSION_STORAGE_KEY) ?? '';
    expect(kept).not.toContain('secret-token');
    expect(lastSession()).toEqual({
      user: {
        id: 'u1',
        name: 'Lovelace, Ada',
        email: 'ada@example.edu',
        image: null,
        emailVerified: true,
      },
      session: { id: 's-u1', userId: 'u1', expiresAt },
    });
  });

  /** The app opened again in that browser with the server unreachable: as the last session. */
  async function openedUnreachable() {
    const server = await signedInBefore();
    server.on(GET_SESSION, unreachable);
    renderSession();
    await waitFor(() => expect(shown()).toBe(`signed-in ${expiresAt}`));
    expect(shownUser()).toBe('ada@example.edu');
    return server;
  }

  it('opens as the last session, and takes the server’s answer once back online', async () => {
    const server = await openedUnreachable();

    // The session ended meanwhile: the answer, when it comes, signs out and forgets it.
    server.off(GET_SESSION);
    server.session = null;
    // Asked again within seconds (firstLoadRetryDelay), not at a refresh's 30 s.
    await waitFor(() => expect(shown()).toBe('signed-out -'));
    expect(lastSession()).toBeNull();
  });

  it('becomes whoever the server says once it answers', async () => {
    const server = await openedUnreachable();
    server.off(GET_SESSION);
    server.session = sessionFor({ id: 'u2', email: 'grace@example.edu' }, expiresAt);
    await waitFor(() => expect(shownUser()).toBe('grace@example.edu'));
    expect(lastSession()?.user.email).toBe('grace@example.edu');
  });

  it.each([
    ['none was kept', () => localStorage.clear()],
    [
      'it has expired',
      () =>
        localStorage.setItem(
          LAST_SESSION_STORAGE_KEY,
          JSON.stringify({
            user: { id: 'u1', name: 'Ada', email: 'ada@example.edu', emailVerified: true },
            session: { id: 's-u1', expiresAt: '2001-01-01T00:00:00.000Z' },
          }),
        ),
    ],
    ['it is not what was kept', () => localStorage.setItem(LAST_SESSION_STORAGE_KEY, '{"user":1')],
  ])('shows Sign in as before when %s', async (_case, arrange) => {
    const server = await signedInBefore();
    arrange();
    server.on(GET_SESSION, unreachable);
    renderSession();
    await waitFor(() => expect(shown()).toBe('signed-out -'));
  });

  it('forgets the last session on the user’s own sign-out, and on one for a reason', async () => {
    const server = await signedInBefore();
    server.on(SIGN_OUT, () => jsonResponse({ success: true }));
    const queryClient = renderSession();
    await waitFor(() => expect(shown()).toBe(`signed-in ${expiresAt}`));
    expect(shownUser()).toBe('ada@example.edu');
    await act(() => signOut(queryClient));
    expect(lastSession()).toBeNull();

    cleanup();
    await signedInBefore();
    await signOutWithMessage(new QueryClient(), 'user-disabled');
    expect(lastSession()).toBeNull();
  });
});

describe('firstLoadRetryDelay', () => {
  it('starts at 1 s and doubles up to 10 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(firstLoadRetryDelay)).toEqual([
      1_000,
      2_000,
      4_000,
      8_000,
      FIRST_LOAD_RETRY_MAX_MS,
      FIRST_LOAD_RETRY_MAX_MS,
    ]);
  });
});

describe('sessionRefreshDelay', () => {
  it('waits until SESSION_REFRESH_BEFORE_EXPIRY_MS before expiry', () => {
    expect(sessionRefreshDelay(at(60 * MINUTE), T0)).toBe(
      60 * MINUTE - SESSION_REFRESH_BEFORE_EXPIRY_MS,
    );
  });

  it('waits at least 30 s, also for a session about to expire or expired', () => {
    expect(sessionRefreshDelay(at(2 * MINUTE), T0)).toBe(SESSION_RETRY_BASE_MS);
    expect(sessionRefreshDelay(at(-MINUTE), T0)).toBe(SESSION_RETRY_BASE_MS);
  });

  it('never exceeds what setTimeout can wait', () => {
    expect(sessionRefreshDelay('2099-01-01T00:00:00.000Z', T0)).toBe(2_147_483_647);
  });

  it.each([undefined, null, 'soon', {}])('gives null for %j', (value) => {
    expect(sessionRefreshDelay(value, T0)).toBeNull();
  });
});

describe('sessionRetryDelay', () => {
  it('starts at 30 s and doubles up to 16 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(sessionRetryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
    expect(SESSION_RETRY_MAX_MS).toBe(16 * MINUTE);
  });
});

describe('prefetchSession', () => {
  it('asks before the provider renders, and the provider uses that answer (one request)', async () => {
    const server = fakeAuthServer(sessionFor({}, at(10 * MINUTE)));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchSession(queryClient);
    expect(server.callsTo(GET_SESSION)).toBe(1);
    renderSession(queryClient);
    await waitFor(() => expect(shown()).toBe(`signed-in ${at(10 * MINUTE)}`));
    expect(server.callsTo(GET_SESSION)).toBe(1);
  });
});

describe('sliding refresh', () => {
  it('asks for the session again 5 minutes before it expires, each time it is extended', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
    const server = fakeAuthServer(sessionFor({}, at(10 * MINUTE)));
    renderSession();
    await vi.waitFor(() => expect(shown()).toBe(`signed-in ${at(10 * MINUTE)}`));
    expect(server.callsTo(GET_SESSION)).toBe(1);

    // The server extends the session when asked.
    server.session = sessionFor({}, at(40 * MINUTE));
    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE - 10_000 - (Date.now() - T0)));
    expect(server.callsTo(GET_SESSION)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(server.callsTo(GET_SESSION)).toBe(2);
    expect(shown()).toBe(`signed-in ${at(40 * MINUTE)}`);

    // The next refresh is 5 minutes before the new expiry.
    await act(() => vi.advanceTimersByTimeAsync(35 * MINUTE - 10_000 - (Date.now() - T0)));
    expect(server.callsTo(GET_SESSION)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(server.callsTo(GET_SESSION)).toBe(3);
  });

  it('keeps the user signed in when a refresh gets no answer, and tries again after 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
    const server = fakeAuthServer(sessionFor({}, at(10 * MINUTE)));
    renderSession();
    await vi.waitFor(() => expect(shown()).toBe(`signed-in ${at(10 * MINUTE)}`));

    server.on(GET_SESSION, () => {
      throw new TypeError('Failed to fetch');
    });
    await act(() => vi.advanceTimersByTimeAsync(5 * MINUTE + 1_000 - (Date.now() - T0)));
    expect(server.callsTo(GET_SESSION)).toBe(2);
    expect(shown()).toBe(`signed-in ${at(10 * MINUTE)}`);

    server.off(GET_SESSION);
    server.session = sessionFor({}, at(40 * MINUTE));
    await act(() => vi.advanceTimersByTimeAsync(SESSION_RETRY_BASE_MS));
    expect(server.callsTo(GET_SESSION)).toBe(3);
    expect(shown()).toBe(`signed-in ${at(40 * MINUTE)}`);
  });
});

describe('a session that ends', () => {
  it('signs out locally with "user-token-expired" when the session turns into null', async () => {
    const server = fakeAuthServer(sessionFor());
    const queryClient = renderSession();
    await waitFor(() => expect(shown()).toMatch(/^signed-in/));
    cacheUserData(queryClient);

    server.session = null;
    await act(() => queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY }));
    await waitFor(() => expect(shown()).toBe('signed-out -'));
    expect(getSignOutNotice()).toBe('user-token-expired');
    expectOnlySignedOutSession(queryClient);
  });

  it('signs out with the server’s code when get-session says the account is disabled', async () => {
    const server = fakeAuthServer(sessionFor());
    server.on(SIGN_OUT, () => jsonResponse({ success: true }));
    const queryClient = renderSession();
    await waitFor(() => expect(shown()).toMatch(/^signed-in/));

    server.on(GET_SESSION, () => jsonResponse({ code: 'USER_DISABLED' }, 403));
    await act(() => queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY }));
    await waitFor(() => expect(shown()).toBe('signed-out -'));
    expect(getSignOutNotice()).toBe('user-disabled');
  });

  it('shows no message when there simply is no session', async () => {
    fakeAuthServer(null);
    renderSession();
    await waitFor(() => expect(shown()).toBe('signed-out -'));
    expect(getSignOutNotice()).toBeNull();
  });
});

describe('signing out', () => {
  it('signOut ends the session on the server and clears the whole cache', async () => {
    const server = fakeAuthServer(sessionFor());
    server.on(SIGN_OUT, () => jsonResponse({ success: true }));
    const queryClient = renderSession();
    await waitFor(() => expect(shown()).toMatch(/^signed-in/));
    cacheUserData(queryClient);
    const draft = { classId: 'c1', channelId: 'general' };
    saveDraft({ uid: 'u1', ...draft }, 'not sent yet');
    saveDraft({ uid: 'someone-else', ...draft }, 'theirs');

    await act(() => signOut(queryClient));
    // What they had not sent does not stay on a shared computer; other people's drafts do.
    expect(loadDraft({ uid: 'u1', ...draft })).toBe('');
    expect(loadDraft({ uid: 'someone-else', ...draft })).toBe('theirs');
    expect(server.bodiesSentTo(SIGN_OUT)).toEqual([{}]);
    const [, init] =
      server.fetch.mock.calls.find(([input]) => String(input) === '/api/auth/sign-out') ?? [];
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.credentials).toBe('same-origin');
    await waitFor(() => expect(shown()).toBe('signed-out -'));
    expect(getSignOutNotice()).toBeNull();
    expectOnlySignedOutSession(queryClient);
  });

  it('signOut keeps the user signed in when the server cannot be reached', async () => {
    const server = fakeAuthServer(sessionFor());
    server.on(SIGN_OUT, () => {
      throw new TypeError('Failed to fetch');
    });
    const queryClient = renderSession();
    await waitFor(() => expect(shown()).toMatch(/^signed-in/));
    cacheUserData(queryClient);

    const failure = await signOut(queryClient).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthError);
    expect((failure as AuthError).code).toBe('network-request-failed');
    expect(shown()).toMatch(/^signed-in/);
    expect(queryClient.getQueryData(['classes'])).toEqual([{ id: 'c1' }]);
  });

  it('signOut still clears locally when the server holds no session any more', async () => {
    const server = fakeAuthServer(sessionFor());
    server.on(SIGN_OUT, () => jsonResponse({ code: 'FAILED_TO_GET_SESSION' }, 400));
    const queryClient = renderSession();
    await waitFor(() => expect(shown()).toMatch(/^signed-in/));
    await act(() => signOut(queryClient));
    await waitFor(() => expect(shown()).toBe('signed-out -'));
  });

  it.each(['user-disabled', 'user-token-expired'] as const)(
    'signOutWithMessage(%s) clears the cache and leaves the message for Sign in',
    async (code) => {
      const server = fakeAuthServer(sessionFor());
      // Even when the server cannot be told, the user is signed out here.
      server.on(SIGN_OUT, () => {
        throw new TypeError('Failed to fetch');
      });
      const queryClient = renderSession();
      await waitFor(() => expect(shown()).toMatch(/^signed-in/));
      cacheUserData(queryClient);

      await act(() => signOutWithMessage(queryClient, code));
      expect(server.callsTo(SIGN_OUT)).toBe(1);
      await waitFor(() => expect(shown()).toBe('signed-out -'));
      expect(getSignOutNotice()).toBe(code);
      expectOnlySignedOutSession(queryClient);
    },
  );

  it('a get-session answer that arrives after signing out does not sign the user back in', async () => {
    const server = fakeAuthServer(sessionFor());
    server.on(SIGN_OUT, () => jsonResponse({ success: true }));
    const queryClient = renderSession();
    await waitFor(() => expect(shown()).toMatch(/^signed-in/));

    let answer: (response: Response) => void = () => undefined;
    server.on(GET_SESSION, () => new Promise<Response>((resolve) => (answer = resolve)));
    void queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
    await act(() => signOut(queryClient));
    const late = jsonResponse(sessionFor());
    await act(async () => {
      answer(late);
      // Once its body is read, what is left of the late answer's handling is promise steps,
      // which all run before the next task: one task later it has had every chance to act.
      await vi.waitFor(() => expect(late.bodyUsed).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
    expect(shown()).toBe('signed-out -');
    // Nor is it kept on this device for the next start (a shared computer).
    expect(lastSession()).toBeNull();
  });
});

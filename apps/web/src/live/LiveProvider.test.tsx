import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionLocally,
  clearSignOutNotice,
  GET_SESSION_PATH,
  SESSION_QUERY_KEY,
  SessionProvider,
} from '../auth/session';
import { fakeAuthServer, renderApp, sessionFor } from '../testing/authTestKit';
import { fakeLiveClientFactory } from '../testing/liveTestKit';
import { CONNECTION_LOST_MESSAGE, createErrorStore, ErrorStateProvider } from './errors';
import { ErrorBanner } from './ErrorBanner';
import { CONNECTION_LOST_NOTICE_DELAY_MS, LiveProvider, useLive } from './LiveProvider';

const GET_SESSION = `GET ${GET_SESSION_PATH}`;

function Probe() {
  const { client, connection } = useLive();
  return <output aria-label="live">{`${client ? 'client' : 'none'} ${connection}`}</output>;
}

function renderLiveProvider(signedInAs: string | null = 'u1') {
  const server = fakeAuthServer(signedInAs ? sessionFor({ id: signedInAs }) : null);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const live = fakeLiveClientFactory();
  const errors = createErrorStore(() => undefined);
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ErrorStateProvider store={errors}>
          <LiveProvider createClient={live.factory}>
            <ErrorBanner />
            <Probe />
          </LiveProvider>
        </ErrorStateProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { server, queryClient, live, errors };
}

const shown = () => screen.getByLabelText('live').textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSignOutNotice();
});

describe('LiveProvider', () => {
  it('makes no client while signed out', async () => {
    const { live, server } = renderLiveProvider(null);
    await waitFor(() => expect(server.callsTo(GET_SESSION)).toBe(1));
    expect(live.factory).not.toHaveBeenCalled();
    expect(shown()).toBe('none closed');
  });

  it('opens a client when signed in and closes it on sign-out', async () => {
    const { live, queryClient } = renderLiveProvider();
    await waitFor(() => expect(shown()).toBe('client open'));
    expect(live.factory).toHaveBeenCalledOnce();
    expect(live.factory.mock.calls[0]?.[0].queryClient).toBe(queryClient);

    await act(() => clearSessionLocally(queryClient));
    await waitFor(() => expect(live.clients[0]?.close).toHaveBeenCalledOnce());
    expect(live.clients[0]?.closed).toBe(true);
    expect(shown()).toBe('none closed');
    expect(live.factory).toHaveBeenCalledOnce();
  });

  it('gives another user another socket', async () => {
    const { live, server, queryClient } = renderLiveProvider('u1');
    await waitFor(() => expect(shown()).toBe('client open'));
    server.session = sessionFor({ id: 'u2' });
    await act(() => queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY }));
    await waitFor(() => expect(live.factory).toHaveBeenCalledTimes(2));
    expect(live.clients[0]?.closed).toBe(true);
    expect(live.clients[1]?.closed).toBe(false);
  });

  it('shows the connection state and says so when the connection stays lost', async () => {
    const { live, errors } = renderLiveProvider();
    await waitFor(() => expect(shown()).toBe('client open'));
    const client = live.clients[0]!;
    // The provider subscribes to the state in an effect after that render: under load it can
    // still be pending here, and with fake timers it would wait until the timers move.
    await waitFor(() => expect(client.watched).toBe(true));
    vi.useFakeTimers();

    act(() => client.setConnectionState('reconnecting'));
    expect(shown()).toBe('client reconnecting');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(CONNECTION_LOST_NOTICE_DELAY_MS);
    });
    expect(screen.getByRole('alert').textContent).toContain(CONNECTION_LOST_MESSAGE);

    act(() => client.setConnectionState('open'));
    expect(screen.queryByRole('alert')).toBeNull();

    // Another error is not cleared by the reconnect.
    act(() => client.setConnectionState('reconnecting'));
    act(() => void errors.report('Something else.'));
    act(() => client.setConnectionState('open'));
    expect(errors.get()).toBe('Something else.');
  });

  it('says it is reconnecting once a socket that never opened fails to (the app opened offline)', async () => {
    const { live } = renderLiveProvider();
    await waitFor(() => expect(shown()).toBe('client open'));
    const client = live.clients[0]!;
    await waitFor(() => expect(client.watched).toBe(true));
    vi.useFakeTimers();

    act(() => client.setConnectionState('connecting'));
    expect(shown()).toBe('client connecting');
    act(() => {
      vi.advanceTimersByTime(CONNECTION_LOST_NOTICE_DELAY_MS);
    });
    // Still its first attempt: nothing to say yet.
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => client.options.onConnectFailed?.());
    expect(shown()).toBe('client reconnecting');
    act(() => {
      vi.advanceTimersByTime(CONNECTION_LOST_NOTICE_DELAY_MS);
    });
    expect(screen.getByRole('alert').textContent).toContain(CONNECTION_LOST_MESSAGE);

    act(() => client.setConnectionState('open'));
    expect(shown()).toBe('client open');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('re-checks the session (at most every 10 s) when the socket cannot open', async () => {
    const { live, server } = renderLiveProvider();
    await waitFor(() => expect(shown()).toBe('client open'));
    const before = server.callsTo(GET_SESSION);
    act(() => {
      live.clients[0]?.options.onConnectFailed?.();
      live.clients[0]?.options.onConnectFailed?.();
    });
    await waitFor(() => expect(server.callsTo(GET_SESSION)).toBe(before + 1));
  });

  it('clears the shared error on sign-out', async () => {
    const { errors, queryClient, live } = renderLiveProvider();
    await waitFor(() => expect(shown()).toBe('client open'));
    act(() => void errors.report('This is no longer available to you.'));
    expect(screen.getByRole('alert')).toBeDefined();
    await act(() => clearSessionLocally(queryClient));
    await waitFor(() => expect(errors.get()).toBeNull());
    expect(live.clients[0]?.closed).toBe(true);
  });
});

describe('in the app', () => {
  it('opens the live client for the signed-in layout and shows the error banner there', async () => {
    fakeAuthServer(sessionFor({ id: 'u1' }));
    const { liveClients } = renderApp('/');
    await screen.findByRole('button', { name: 'Account' });
    await waitFor(() => expect(liveClients).toHaveLength(1));
    await waitFor(() => expect(liveClients[0]?.watched).toBe(true));
    vi.useFakeTimers();
    act(() => liveClients[0]?.setConnectionState('reconnecting'));
    act(() => {
      vi.advanceTimersByTime(CONNECTION_LOST_NOTICE_DELAY_MS);
    });
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain(CONNECTION_LOST_MESSAGE);
    expect(screen.getByRole('main').contains(banner)).toBe(true);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

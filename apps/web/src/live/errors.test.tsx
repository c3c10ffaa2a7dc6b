import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { connectionClosedError, trpcError } from '../testing/liveTestKit';
import {
  isConnectionError,
  CONNECTION_LOST_MESSAGE,
  createErrorStore,
  describeError,
  ErrorStateProvider,
  GENERIC_ERROR_MESSAGE,
  NOT_FOUND_MESSAGE,
  SESSION_ENDED_MESSAGE,
  useErrorState,
} from './errors';
import { ErrorBanner, RECONNECTED_MESSAGE } from './ErrorBanner';
import { LiveContext } from './LiveProvider';
import type { ConnectionState } from './client';

afterEach(cleanup);

describe('describeError', () => {
  it.each([
    [trpcError('NOT_FOUND', 'Class not found.'), NOT_FOUND_MESSAGE],
    [
      trpcError('FORBIDDEN', 'You can only edit your own messages.'),
      'You can only edit your own messages.',
    ],
    [
      trpcError('CONFLICT', 'That message id is already taken.'),
      'That message id is already taken.',
    ],
    [trpcError('UNAUTHORIZED', 'Sign in first.'), SESSION_ENDED_MESSAGE],
    [
      trpcError('TOO_MANY_REQUESTS', 'Too many changes in a short time.'),
      'Too many changes in a short time.',
    ],
    [trpcError('TOO_MANY_REQUESTS', ''), 'Too many requests. Wait a moment and try again.'],
    [
      trpcError('INTERNAL_SERVER_ERROR', 'stack trace…'),
      'Something went wrong on the server. Try again.',
    ],
    [
      trpcError('INTERNAL_SERVER_ERROR', 'Something went wrong…', { errorId: '0a1b2c3d4e5f' }),
      'Something went wrong on the server. Try again. (Error id 0a1b2c3d4e5f.)',
    ],
    [
      trpcError('BAD_REQUEST', 'Input validation failed', {
        issues: [{ path: ['body'], message: 'Write a message' }],
      }),
      'Write a message',
    ],
    [trpcError('BAD_REQUEST', 'x'), 'Some of what was sent is not valid.'],
    [connectionClosedError(), CONNECTION_LOST_MESSAGE],
    [new TypeError('Failed to fetch'), CONNECTION_LOST_MESSAGE],
    [new Error('internal detail'), GENERIC_ERROR_MESSAGE],
    ['Already in words.', 'Already in words.'],
    [undefined, GENERIC_ERROR_MESSAGE],
  ])('%s → %s', (error, words) => {
    expect(describeError(error)).toBe(words);
  });
});

describe('the error store', () => {
  it('keeps the latest message, logs each error, and clears (optionally only a given one)', () => {
    const log = vi.fn();
    const store = createErrorStore(log);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.report(trpcError('NOT_FOUND', 'x'))).toBe(NOT_FOUND_MESSAGE);
    store.report('Second.');
    expect(store.get()).toBe('Second.');
    expect(log).toHaveBeenCalledTimes(2);
    store.clear(NOT_FOUND_MESSAGE);
    expect(store.get()).toBe('Second.');
    store.clear();
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('ErrorBanner', () => {
  function Reporter() {
    const { reportError, error } = useErrorState();
    return (
      <>
        <button type="button" onClick={() => reportError(trpcError('NOT_FOUND', 'Gone.'))}>
          Fail
        </button>
        <output aria-label="shared error">{error ?? 'none'}</output>
      </>
    );
  }

  it('shows the shared error as an alert and dismisses it', () => {
    const store = createErrorStore(() => undefined);
    render(
      <ErrorStateProvider store={store}>
        <ErrorBanner />
        <Reporter />
      </ErrorStateProvider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(screen.getByRole('alert').textContent).toContain(NOT_FOUND_MESSAGE);
    expect(screen.getByLabelText('shared error').textContent).toBe(NOT_FOUND_MESSAGE);

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.get()).toBeNull();

    act(() => void store.report('Again.'));
    expect(screen.getByRole('alert').textContent).toContain('Again.');
  });

  it('says "Reconnected." once when a lost connection the banner reported is back', () => {
    const store = createErrorStore(() => undefined);
    const view = (connection: ConnectionState) => (
      <LiveContext.Provider value={{ client: null, connection }}>
        <ErrorStateProvider store={store}>
          <ErrorBanner />
        </ErrorStateProvider>
      </LiveContext.Provider>
    );
    const { rerender, container } = render(view('open'));
    const status = container.querySelector('[aria-live="polite"]')!;
    expect(status).not.toBeNull();
    expect(status.textContent).toBe('');

    rerender(view('reconnecting'));
    act(() => void store.report(CONNECTION_LOST_MESSAGE));
    expect(screen.getByRole('alert').textContent).toContain(CONNECTION_LOST_MESSAGE);
    expect(status.textContent).toBe('');

    // Back: the banner's message is cleared (LiveProvider) and the status says so, once.
    act(() => void store.clear(CONNECTION_LOST_MESSAGE));
    rerender(view('open'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(status.textContent).toBe(RECONNECTED_MESSAGE);
    rerender(view('open'));
    expect(status.textContent).toBe(RECONNECTED_MESSAGE);

    // Another loss empties it, so the next "Reconnected." is read again.
    act(() => void store.report(CONNECTION_LOST_MESSAGE));
    expect(status.textContent).toBe('');
  });

  it('needs the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ErrorBanner />)).toThrow(/ErrorStateProvider/);
    vi.restoreAllMocks();
  });
});

describe('isConnectionError', () => {
  it.each([
    ['a socket closed under the call', connectionClosedError(), true],
    [
      'a client error with no server code (rejected pending call)',
      TRPCClientError.from(new Error('Closed before answer')),
      true,
    ],
    ['a fetch that got no answer', new TypeError('Failed to fetch'), true],
    ['a server refusal', trpcError('FORBIDDEN', 'No'), false],
    ['bad input', trpcError('BAD_REQUEST', 'Bad'), false],
    ['anything else', new Error('boom'), false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isConnectionError(error)).toBe(expected);
  });
});

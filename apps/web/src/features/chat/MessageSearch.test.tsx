import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageSearchPage } from '@seminar/shared';
import type { LiveTrpcClient } from '../../live/client';
import { liveTestProviders } from '../../testing/liveTestKit';
import { MessageSearch } from './MessageSearch';

afterEach(cleanup);

const page: MessageSearchPage = {
  results: [
    {
      id: 'm7',
      channel_id: 'general',
      channel_name: 'general',
      seq: 7,
      author_uid: 'ada',
      author_name: 'Lovelace, Ada',
      created_at: Date.UTC(2026, 10, 23, 12),
      snippet: [
        { text: 'Photosynthesis', hit: true },
        { text: ' <img src=x onerror="window.pwned=1"> needs light', hit: false },
      ],
    },
  ],
  nextOffset: null,
};

/** A client whose `messages.search` answers `page`; live queries never answer. */
function fakeClient(search: (input: unknown) => Promise<MessageSearchPage>) {
  const procedure = (path: string) => ({
    query: (input: unknown) =>
      path === 'messages.search' ? search(input) : Promise.resolve(undefined),
    subscribe: () => ({ unsubscribe: () => undefined }),
  });
  return new Proxy(
    {},
    { get: (_t, a: string) => new Proxy({}, { get: (_u, b: string) => procedure(`${a}.${b}`) }) },
  ) as LiveTrpcClient;
}

describe('<MessageSearch>', () => {
  it('searches the words typed, shows hits in <mark> and the rest as text, and opens a result', async () => {
    const search = vi.fn(() => Promise.resolve(page));
    const onOpen = vi.fn();
    const kit = liveTestProviders({ trpc: fakeClient(search) });
    render(
      <kit.Providers>
        <MessageSearch classId="c1" channels={[]} onOpen={onOpen}>
          <p>the channel list</p>
        </MessageSearch>
      </kit.Providers>,
    );
    expect(screen.getByText('the channel list')).toBeDefined();
    const box = screen.getByRole('searchbox', { name: 'Search messages' });
    fireEvent.change(box, { target: { value: 'photo' } });
    const found = await screen.findByRole('list', { name: 'Messages found' });
    expect(search).toHaveBeenCalledWith(
      expect.objectContaining({ class_id: 'c1', query: 'photo', offset: 0 }),
    );
    const result = within(found).getByRole('button');
    expect(result.querySelector('mark')?.textContent).toBe('Photosynthesis');
    expect(result.querySelector('img')).toBeNull();
    expect(result.textContent).toContain('<img src=x onerror="window.pwned=1"> needs light');
    fireEvent.click(result);
    expect(onOpen).toHaveBeenCalledWith(page.results[0]);
    // Escape empties the field and brings the channel list back.
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.getByText('the channel list')).toBeDefined());
  });

  it('asks nothing for text without a word', async () => {
    const search = vi.fn((_input: unknown) => Promise.resolve(page));
    const kit = liveTestProviders({ trpc: fakeClient(search) });
    render(
      <kit.Providers>
        <MessageSearch classId="c1" channels={[]} onOpen={() => undefined}>
          <p>the channel list</p>
        </MessageSearch>
      </kit.Providers>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search messages' });
    // Typed, then the pause that would search a word passes (the test's clock)…
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(box, { target: { value: ' && ' } });
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
    } finally {
      vi.useRealTimers();
    }
    // …and Enter, which searches at once.
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByText('the channel list')).toBeDefined();
    // A word after it is searched: had the text without one been asked, it would be here first.
    fireEvent.change(box, { target: { value: 'light' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(search).toHaveBeenCalled());
    expect(search.mock.calls.map(([input]) => (input as { query: string }).query)).toEqual([
      'light',
    ]);
  });
});

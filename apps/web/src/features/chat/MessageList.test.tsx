import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@seminar/shared';
import { timeLabel } from './grouping';
import type * as Grouping from './grouping';
import { MessageList, type DisplayMessage } from './MessageList';

// A spy that passes through: a row's author header calls timeLabel twice (its name and its time)
// each time the row renders, and nothing else in the list calls it.
vi.mock('./grouping', async (importOriginal) => {
  const actual = await importOriginal<typeof Grouping>();
  return { ...actual, timeLabel: vi.fn(actual.timeLabel) };
});

afterEach(cleanup);

const START = Date.UTC(2026, 10, 23, 9, 0);

/** Message `n`: authors take turns every 3 messages, one a minute (a header on 1, 4, 7, …). */
function message(n: number, changes: Partial<Message> = {}): Message {
  const ada = Math.floor((n - 1) / 3) % 2 === 0;
  return {
    id: `msg_${n}`,
    class_id: 'class_1',
    channel_id: 'channel_1',
    seq: n,
    author_uid: ada ? 'u_ada' : 'u_alan',
    author_name: ada ? 'Ada Lovelace' : 'Alan Turing',
    body: `message ${n}`,
    created_at: START + n * 60_000,
    edited_at: null,
    deleted: false,
    reactions: [],
    attachments: [],
    version: 0,
    ai: null,
    ...changes,
  };
}

/** The list's items as the channel makes them: a new wrapper for every message on every change. */
const itemsOf = (messages: readonly Message[]): DisplayMessage[] =>
  messages.map((m) => ({ message: m, status: { kind: 'sent' } }));

const handlers = { onLoadOlder: () => {}, onEdit: () => {}, onDelete: () => {}, onReact: () => {} };

function list(messages: readonly Message[], extra: { firstUnreadSeq?: number | null } = {}) {
  return (
    <VirtuosoMockContext.Provider value={{ viewportHeight: 100_000, itemHeight: 40 }}>
      <MessageList
        items={itemsOf(messages)}
        viewerUid="u_ada"
        canModerate={false}
        hasOlder={false}
        loadingOlder={false}
        {...handlers}
        {...extra}
      />
    </VirtuosoMockContext.Provider>
  );
}

describe('<MessageList> rows', () => {
  const labels = vi.mocked(timeLabel);
  beforeEach(() => {
    labels.mockClear();
  });

  it('renders only the new or changed rows when the list renders again', async () => {
    const messages = Array.from({ length: 6 }, (_, index) => message(index + 1));
    const view = render(list(messages));
    // Two author headers (messages 1 and 4), each its name and its time.
    expect(await screen.findAllByRole('region')).toHaveLength(2);
    expect(labels).toHaveBeenCalledTimes(4);

    // A new message from the other author: one new header; the six rows do not render again.
    labels.mockClear();
    const more = [...messages, message(7)];
    view.rerender(list(more));
    await waitFor(() => expect(screen.getAllByRole('region')).toHaveLength(3));
    expect(labels).toHaveBeenCalledTimes(2);

    // A reaction on message 4 renders its row (a header) again, and no other.
    labels.mockClear();
    const reacted = more.map((m) =>
      m.seq === 4 ? { ...m, version: 1, reactions: [{ emoji: '👍', uids: ['u_alan'] }] } : m,
    );
    view.rerender(list(reacted));
    expect(await screen.findByRole('button', { name: /👍/ })).toBeTruthy();
    expect(labels).toHaveBeenCalledTimes(2);
  });

  it('shows the day, the author headers, the first unread divider and each message', async () => {
    const messages = Array.from({ length: 4 }, (_, index) => message(index + 1));
    render(list(messages, { firstUnreadSeq: 3 }));
    const log = screen.getByRole('log', { name: 'Messages' });
    // Shown once react-virtuoso has measured its rows.
    const separators = await within(log).findAllByRole('separator');
    // The day above message 1, then "New" above message 3.
    expect(separators).toHaveLength(2);
    expect(within(log).getByRole('separator', { name: 'New messages below' }).textContent).toBe(
      'New',
    );
    const ada = within(log).getByRole('region', { name: /^Ada Lovelace, / });
    expect(within(ada).getByText('AL', { selector: '[aria-hidden]' })).toBeTruthy();
    expect(ada.querySelector('time')?.getAttribute('dateTime')).toBe(
      new Date(START + 60_000).toISOString(),
    );
    expect(within(log).getByText('message 3')).toBeTruthy();
    // The viewer's own messages have the actions button; everyone's have "Add reaction".
    expect(within(log).getAllByRole('button', { name: 'Message actions' })).toHaveLength(3);
    expect(within(log).getAllByRole('button', { name: 'Add reaction' })).toHaveLength(4);
  });
});

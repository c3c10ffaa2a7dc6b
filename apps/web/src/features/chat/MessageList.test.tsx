import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
// react-virtuoso keeps the rows in view in place with scrollBy when older ones come in above.
Element.prototype.scrollBy ??= () => {};

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
    expect(within(log).getAllByRole('button', { name: /^Message actions for / })).toHaveLength(3);
    expect(within(log).getAllByRole('button', { name: /^Add reaction to / })).toHaveLength(4);
  });
});

describe('<MessageList> for screen readers and the keyboard', () => {
  const articles = () => screen.getAllByRole('article');

  it('names every message by its author and time, follow-on ones too, and each day divider', async () => {
    const messages = Array.from({ length: 4 }, (_, index) => message(index + 1));
    render(list(messages));
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findAllByRole('article');
    // Message 2 follows message 1 in Ada's group: it shows no name, yet is named by it.
    const second = within(log).getAllByRole('article', { name: /^Ada Lovelace, / })[1];
    expect(articles().map((a) => a.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Ada Lovelace',
      'Ada Lovelace',
      'Ada Lovelace',
      'Alan Turing',
    ]);
    // Not today (23 November 2026): the date too.
    expect(second?.getAttribute('aria-label')).toMatch(/November 23, 2026$/);
    expect(within(log).getByRole('separator', { name: /November 23, 2026/ })).toBeTruthy();
    // The actions say which message they act on.
    expect(
      within(log).getAllByRole('button', { name: /^Add reaction to Alan Turing's message at / }),
    ).toHaveLength(1);
    expect(
      within(log).getAllByRole('button', { name: /^Message actions for your message at / }),
    ).toHaveLength(3);
  });

  it('is one Tab stop: the log hands focus to a message, and no control inside is a stop', async () => {
    const messages = Array.from({ length: 4 }, (_, index) => message(index + 1));
    render(list(messages));
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findAllByRole('article');
    const tabbable = log.querySelectorAll(
      'button:not([tabindex="-1"]), a[href]:not([tabindex="-1"]), [tabindex="0"]',
    );
    // Nothing inside: only the log itself.
    expect([...tabbable]).toEqual([]);
    expect(log.tabIndex).toBe(0);
    expect(articles().every((a) => a.tabIndex === -1)).toBe(true);
  });

  it('moves focus through the messages with Up, Down, Home and End, and into one with Enter', async () => {
    const messages = Array.from({ length: 4 }, (_, index) => message(index + 1));
    render(list(messages));
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findAllByRole('article');
    const [first, second, , last] = articles();
    if (!first || !second || !last) throw new Error('four messages expected');
    first.focus();
    // While focus is inside, the log leaves the Tab order (Shift+Tab goes on out of the list).
    expect(log.tabIndex).toBe(-1);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'End' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Home' });
    expect(document.activeElement).toBe(first);

    // Enter: the message's first control; Tab its next; Shift+Tab back; Escape to the message.
    fireEvent.keyDown(first, { key: 'Enter' });
    const reaction = within(first).getByRole('button', { name: /^Add reaction to your message/ });
    expect(document.activeElement).toBe(reaction);
    fireEvent.keyDown(reaction, { key: 'Tab' });
    const actions = within(first).getByRole('button', { name: /^Message actions for your / });
    expect(document.activeElement).toBe(actions);
    fireEvent.keyDown(actions, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(reaction);
    fireEvent.keyDown(reaction, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Enter' });
    fireEvent.keyDown(document.activeElement ?? first, { key: 'Escape' });
    expect(document.activeElement).toBe(first);

    // Focus leaving the list puts the log back in the Tab order.
    first.blur();
    fireEvent.focusOut(first, { relatedTarget: null });
    expect(log.tabIndex).toBe(0);
  });

  it('reaches a wide code block by keyboard: Enter into its message, then arrows scroll it', async () => {
    // axe's scrollable-region-focusable cannot see roving focus (e2e/support/axe.ts says why it is
    // left out inside messages); this is the keyboard access it asks for.
    render(list([message(1, { body: '```\nwide table\n```' })]));
    const log = screen.getByRole('log', { name: 'Messages' });
    const [first] = await within(log).findAllByRole('article');
    if (!first) throw new Error('one message expected');
    const code = first.querySelector('pre');
    expect(code?.tabIndex).toBe(-1);
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(document.activeElement).toBe(code);
  });

  it('hands focus from the log to the message focused last', async () => {
    const messages = Array.from({ length: 4 }, (_, index) => message(index + 1));
    render(list(messages));
    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findAllByRole('article');
    const second = articles()[1];
    second?.focus();
    second?.blur();
    fireEvent.focusOut(log, { relatedTarget: null });
    log.focus();
    expect(document.activeElement).toBe(second);
  });

  it('announces a new message of someone else, once, and nothing on open, older pages or reactions', async () => {
    const messages = Array.from({ length: 4 }, (_, index) => message(index + 3));
    const announced = () =>
      [...document.querySelectorAll('[data-announcer] p')].map((p) => p.textContent);
    const view = render(list(messages));
    await screen.findAllByRole('article');
    expect(announced()).toEqual([]);

    // Older messages loaded above, a reaction: nothing.
    const older = [message(1), message(2), ...messages];
    view.rerender(list(older));
    const reacted = older.map((m) =>
      m.seq === 4 ? { ...m, version: 1, reactions: [{ emoji: '👍', uids: ['u_alan'] }] } : m,
    );
    view.rerender(list(reacted));
    await screen.findByRole('button', { name: /👍/ });
    expect(announced()).toEqual([]);

    // The viewer's own new message: nothing. Alan's: his name and text, once.
    const now = Date.now();
    const own = message(7, { author_uid: 'u_ada', created_at: now });
    const alans = message(8, {
      author_uid: 'u_alan',
      author_name: 'Alan Turing',
      body: 'Has **anyone** read it?',
      created_at: now,
    });
    view.rerender(list([...reacted, own]));
    view.rerender(list([...reacted, own, alans]));
    await waitFor(() => expect(announced()).toEqual(['Alan Turing: Has anyone read it?']));
    // Edited afterwards: still once.
    view.rerender(list([...reacted, own, { ...alans, version: 1, body: 'Has anyone?' }]));
    expect(announced()).toEqual(['Alan Turing: Has anyone read it?']);
  });
});

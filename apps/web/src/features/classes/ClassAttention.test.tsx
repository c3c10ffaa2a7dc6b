import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeChannel, makeClass } from '../../testing/classFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';
import { MAX_CLASSES_WITH_COUNTS } from './ClassAttention';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openMyClasses(classes: ReturnType<typeof makeClass>[]) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  renderApp('/', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake.subscription('classes.mine').send({ type: 'snapshot', rows: classes, replace: true });
  await screen.findByRole('heading', { name: 'My classes', level: 1 });
  return fake;
}

const card = (name: string) => screen.getByRole('article', { name });

describe('My classes: unread and mentions per class', () => {
  it("shows each class's unread messages and mentions of the viewer, live", async () => {
    const physics = makeClass({ class_id: 'physics', name: 'Physics 101' });
    const art = makeClass({ class_id: 'art', name: 'Art history' });
    const fake = await openMyClasses([physics, art]);
    await waitFor(() => fake.subscription('channels.live', { class_id: 'physics' }));
    await fake.subscription('channels.live', { class_id: 'physics' }).send({
      type: 'snapshot',
      replace: true,
      rows: [
        makeChannel({ channel_id: 'general', class_id: 'physics', last_seq: 10, last_read_seq: 7 }),
        makeChannel({
          channel_id: 'lab',
          class_id: 'physics',
          name: 'lab',
          last_seq: 4,
          last_read_seq: 2,
          mention_count: 2,
        }),
      ],
    });
    await fake.subscription('channels.live', { class_id: 'art' }).send({
      type: 'snapshot',
      replace: true,
      rows: [
        makeChannel({ channel_id: 'general', class_id: 'art', last_seq: 3, last_read_seq: 3 }),
      ],
    });
    expect(
      within(card('Physics 101')).getByText('2 mentions of you').previousSibling?.textContent,
    ).toBe('@2');
    expect(
      within(card('Physics 101')).getByText('5 unread messages').previousSibling?.textContent,
    ).toBe('5 new');
    // Nothing new: no chips at all.
    expect(within(card('Art history')).queryByText(/unread|mention|new$/)).toBeNull();

    // Reading the channel elsewhere clears its count here too.
    await fake.subscription('channels.live', { class_id: 'physics' }).send({
      type: 'snapshot',
      replace: true,
      rows: [
        makeChannel({
          channel_id: 'general',
          class_id: 'physics',
          last_seq: 10,
          last_read_seq: 10,
        }),
        makeChannel({
          channel_id: 'lab',
          class_id: 'physics',
          name: 'lab',
          last_seq: 4,
          last_read_seq: 3,
          mention_count: 1,
        }),
      ],
    });
    expect(
      within(card('Physics 101')).getByText('1 mention of you').previousSibling?.textContent,
    ).toBe('@1');
    expect(within(card('Physics 101')).getByText('1 unread message')).toBeDefined();
  });

  it('follows at most MAX_CLASSES_WITH_COUNTS classes live, and no pending one', async () => {
    const many = Array.from({ length: MAX_CLASSES_WITH_COUNTS + 3 }, (_, n) =>
      makeClass({ class_id: `c${String(n).padStart(2, '0')}`, name: `Class ${n}` }),
    );
    // The first is still being set up: it has no channels to follow yet.
    many[0] = { ...many[0]!, enabled: false, pending_enabled: true };
    const fake = await openMyClasses(many);
    await waitFor(() =>
      expect(
        fake.subscriptions.filter((sub) => sub.path === 'channels.live' && !sub.unsubscribed),
      ).toHaveLength(MAX_CLASSES_WITH_COUNTS - 1),
    );
    const followed = fake.subscriptions
      .filter((sub) => sub.path === 'channels.live')
      .map((sub) => (sub.input as { class_id: string }).class_id);
    expect(followed).not.toContain('c00');
    expect(followed).toContain(`c${MAX_CLASSES_WITH_COUNTS - 1}`);
    expect(followed).not.toContain(`c${MAX_CLASSES_WITH_COUNTS}`);
  });
});

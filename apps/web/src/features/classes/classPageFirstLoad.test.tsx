// A class page opened onto a channel subscribes the channel list and the channel's messages as it
// starts, beside my classes, not once the class row has arrived (docs/ARCHITECTURE.md#first-load).
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeChannel, makeClass } from '../../testing/classFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const active = (fake: ReturnType<typeof fakeTrpc>, path: string) =>
  fake.subscriptions.filter((sub) => sub.path === path && !sub.unsubscribed);

describe('a class page opened onto a channel', () => {
  it('subscribes the channel list and the messages before my classes have answered, and keeps them', async () => {
    fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
    const fake = fakeTrpc()
      .on('channels.notify', () => null)
      .on('channels.prewarm', () => ({ ready: true }));
    renderApp('/classes/class_1?channel=ch1', undefined, { trpc: fake.trpc });
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    // classes.mine has not answered: the page shows its skeleton, and the chat's data is on its way.
    await waitFor(() =>
      expect(fake.subscription('messages.live').input).toMatchObject({
        class_id: 'class_1',
        channel_id: 'ch1',
      }),
    );
    expect(fake.subscription('channels.live').input).toEqual({ class_id: 'class_1' });
    expect(screen.getByLabelText('Loading class')).toBeTruthy();

    await fake.subscription('classes.mine').send({
      type: 'snapshot',
      rows: [makeClass({ my_role: 'instructor' })],
      replace: true,
    });
    await fake.subscription('channels.live').send({
      type: 'snapshot',
      rows: [makeChannel({ channel_id: 'ch1' })],
      replace: true,
    });
    // The chat, rendered with the class, reads the subscriptions the page started: one of each,
    // still running.
    await waitFor(() => expect(screen.queryByLabelText('Loading class')).toBeNull());
    await screen.findByRole('textbox', { name: 'Message' });
    expect(active(fake, 'messages.live')).toHaveLength(1);
    expect(active(fake, 'channels.live')).toHaveLength(1);
    expect(fake.subscriptions.filter((sub) => sub.path === 'messages.live')).toHaveLength(1);
  });

  it('subscribes no messages ahead for a class page without a channel, or on another tab', async () => {
    fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
    const fake = fakeTrpc();
    renderApp('/classes/class_1/people?channel=ch1', undefined, { trpc: fake.trpc });
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(active(fake, 'messages.live')).toHaveLength(0);
    expect(active(fake, 'channels.live')).toHaveLength(0);
  });
});

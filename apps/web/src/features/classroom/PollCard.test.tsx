// The poll card shows exactly what the server sent this viewer (docs/polls.md): no counts for a
// student before a results-after-close poll closes, counts and who voted what for staff of a named
// poll; it votes with the chosen option ids (in the poll's order), and says a refusal in words.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PollView } from '@seminar/shared';
import { SessionProvider } from '../../auth/session';
import { fakeAuthServer, sessionFor } from '../../testing/authTestKit';
import { fakeTrpc, liveTestProviders, trpcError } from '../../testing/liveTestKit';
import { PollCard } from './PollCard';

afterEach(cleanup);

function poll(overrides: Partial<PollView> = {}): PollView {
  return {
    id: 'msg_poll',
    class_id: 'c1',
    channel_id: 'general',
    question: 'Which market first?',
    multiple: false,
    anonymous: false,
    results: 'live',
    closed: false,
    closed_at: null,
    created_by: 'teacher',
    created_by_name: 'Ada Lovelace',
    created_at: '2026-11-27T10:00:00.000Z',
    options: [
      { id: 'o1', text: 'Brazil', count: null },
      { id: 'o2', text: 'India', count: null },
    ],
    voter_count: null,
    my_choice: [],
    voters: null,
    version: 1,
    ...overrides,
  };
}

function renderCard(view: PollView, canManage = false) {
  fakeAuthServer(sessionFor({ id: 'me', name: 'Turing, Alan', email: 'alan@x.org' }));
  const fake = fakeTrpc();
  const kit = liveTestProviders({ trpc: fake.trpc });
  render(
    <kit.Providers>
      <SessionProvider>
        <PollCard poll={view} classId="c1" channelId="general" canManage={canManage} />
      </SessionProvider>
    </kit.Providers>,
  );
  return fake;
}

describe('PollCard', () => {
  it('shows a student no counts before a results-after-close poll closes, and votes', async () => {
    const fake = renderCard(poll({ results: 'closed' }));
    fake.on('polls.vote', () => poll({ results: 'closed', my_choice: ['o2'] }));
    const card = await screen.findByRole('group', { name: 'Poll: Which market first?' });
    expect(card.textContent).toContain('Results show when the poll closes.');
    expect(screen.queryAllByRole('progressbar')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download results (CSV)' })).toBeNull();
    const vote = screen.getByRole('button', { name: 'Vote' });
    expect((vote as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'India' }));
    fireEvent.click(vote);
    await waitFor(() =>
      expect(fake.inputsOf('polls.vote')).toEqual([{ id: 'msg_poll', option_ids: ['o2'] }]),
    );
  });

  it('shows staff the counts and who voted what in a named poll, and closes it', async () => {
    const fake = renderCard(
      poll({
        options: [
          { id: 'o1', text: 'Brazil', count: 1 },
          { id: 'o2', text: 'India', count: 2 },
        ],
        voter_count: 3,
        voters: [{ uid: 'u1', name: 'Grace Hopper', option_ids: ['o1'] }],
      }),
      true,
    );
    fake.on('polls.close', () => poll({ closed: true }));
    await screen.findByRole('progressbar', { name: 'India: 2 votes' });
    expect(screen.getByRole('progressbar', { name: 'Brazil: 1 vote' })).toBeDefined();
    expect(screen.getByText('Grace Hopper: Brazil')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    await waitFor(() => expect(fake.inputsOf('polls.close')).toEqual([{ id: 'msg_poll' }]));
  });

  it('takes several choices in the poll’s order in a multiple-choice poll', async () => {
    const fake = renderCard(poll({ multiple: true }));
    fake.on('polls.vote', () => poll({ multiple: true, my_choice: ['o1', 'o2'] }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'India' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Brazil' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vote' }));
    await waitFor(() =>
      expect(fake.inputsOf('polls.vote')).toEqual([{ id: 'msg_poll', option_ids: ['o1', 'o2'] }]),
    );
  });

  it('says why a vote was refused, and offers no vote on a closed poll', async () => {
    const fake = renderCard(poll({ my_choice: ['o1'] }));
    fake.on('polls.vote', () => {
      throw trpcError('FORBIDDEN', 'This poll is closed: votes can no longer be cast or changed.');
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'India' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change vote' }));
    await screen.findByText('This poll is closed: votes can no longer be cast or changed.');
    cleanup();
    renderCard(poll({ closed: true, my_choice: ['o1'] }));
    await screen.findByText('Closed');
    expect(screen.queryByRole('button', { name: /vote/i })).toBeNull();
    expect((screen.getByRole('radio', { name: 'India' }) as HTMLInputElement).disabled).toBe(true);
  });
});

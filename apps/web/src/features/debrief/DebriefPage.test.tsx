// The debrief page (docs/debrief.md#on-the-web): staff's sortable participation table, open
// questions linking to their message, the live grading (a colleague's mark shows at once), the
// summary's "no model" words; a student's own figures only; loading and error states.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GradingRow, ParticipationRow, Role, UnansweredQuestion } from '@seminar/shared';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeActivity, makeClass } from '../../testing/classFixtures';
import { fakeTrpc, trpcError } from '../../testing/liveTestKit';

const DEBRIEF = '/classes/class_1/activities/a1/debrief';

const figures = (overrides: Partial<ParticipationRow>): ParticipationRow => ({
  uid: 's1',
  name: 'Curie, Marie',
  email: 'marie@example.org',
  messages: 0,
  words: 0,
  replies: 0,
  mentions_received: 0,
  reactions_received: 0,
  poll_votes: 0,
  agent_questions: 0,
  phases: [],
  first_post: null,
  last_post: null,
  ...overrides,
});

const question: UnansweredQuestion = {
  id: 'm7',
  channel_id: 'case_1',
  seq: 7,
  author_uid: 's2',
  author_name: 'Emmy Noether',
  body: 'Who pays for shipping?',
  created_at: new Date(Date.UTC(2026, 2, 10)).toISOString(),
};

async function openDebrief(role: Role) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  fake.on('products.agentsStatus', () => ({ llmConfigured: false }));
  renderApp(DEBRIEF, undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: [makeClass({ my_role: role })], replace: true });
  return fake;
}

async function sendActivities(fake: ReturnType<typeof fakeTrpc>) {
  await waitFor(() => expect(fake.subscription('activities.live')).toBeDefined());
  await fake.subscription('activities.live').send({
    type: 'snapshot',
    rows: [makeActivity({ activity_id: 'a1', title: 'Pricing case', channel_id: 'case_1' })],
    replace: true,
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('the debrief page', () => {
  it('shows staff the sortable table, open questions and live grades', async () => {
    const fake = await openDebrief('instructor');
    fake.on('debrief.participation', () => [
      figures({ uid: 's1', name: 'Curie, Marie', messages: 3, words: 10 }),
      figures({ uid: 's2', name: 'Noether, Emmy', messages: 1, words: 90 }),
    ]);
    fake.on('debrief.unanswered', () => [question]);
    await sendActivities(fake);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Debrief: Pricing case' }),
    ).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Participation per student' });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(names()).toEqual(['Curie, Marie', 'Noether, Emmy']);
    fireEvent.click(within(table).getByRole('button', { name: 'Words' }));
    expect(names()).toEqual(['Noether, Emmy', 'Curie, Marie']);
    fireEvent.click(within(table).getByRole('button', { name: /Words/ }));
    expect(names()).toEqual(['Curie, Marie', 'Noether, Emmy']);

    const open = await screen.findByRole('link', { name: 'Open in the channel' });
    expect(open.getAttribute('href')).toBe('/classes/class_1?channel=case_1&message=m7&seq=7');

    // Grading: the rubric arrives, then a colleague's grade, live.
    await waitFor(() => expect(fake.subscription('debrief.grading')).toBeDefined());
    const rubric: GradingRow = {
      kind: 'rubric',
      id: 'rubric',
      rubric: {
        scale: 10,
        criteria: [
          { id: 'c1', name: 'Contributions', weight: 50, source: 'messages', target: 3 },
          { id: 'c2', name: 'Quality', weight: 50, source: 'manual', target: null },
        ],
      },
      updated_at: new Date().toISOString(),
      updated_by_name: 'Lovelace, Ada',
      version: 1,
    };
    await fake
      .subscription('debrief.grading')
      .send({ type: 'snapshot', rows: [rubric], replace: true });
    const marie = await screen.findByRole('form', { name: 'Grade for Curie, Marie' });
    expect(within(marie).getByText(/Computed: 10/)).toBeDefined();
    expect(within(marie).getByText('Total: —')).toBeDefined();
    await fake.subscription('debrief.grading').send({
      type: 'upsert',
      rows: [
        {
          kind: 'grade',
          id: 's1',
          marks: { c2: 6 },
          comment: 'Good',
          updated_at: new Date().toISOString(),
          updated_by_name: 'Hopper, Grace',
          version: 2,
        },
      ],
    });
    await waitFor(() =>
      expect(
        (
          within(marie).getByRole('spinbutton', {
            name: 'Quality for Curie, Marie',
          }) as HTMLInputElement
        ).value,
      ).toBe('6'),
    );
    expect(within(marie).getByText('Total: 80 %')).toBeDefined();
    expect(within(marie).getByText(/^Saved by Hopper, Grace/)).toBeDefined();

    // No model on this server: the summary says so.
    await waitFor(() => expect(fake.subscription('debrief.summary')).toBeDefined());
    await fake.subscription('debrief.summary').send({ type: 'snapshot', rows: [], replace: true });
    expect(await screen.findByText(/No language model is configured on this server/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Summarize the discussion' })).toBeNull();
  });

  it('shows a student their own figures, nothing of grading', async () => {
    const fake = await openDebrief('student');
    fake.on('debrief.participation', () => [
      figures({ uid: 'u1', name: 'Lovelace, Ada', email: '', messages: 4, phases: ['Plenary'] }),
    ]);
    fake.on('debrief.unanswered', () => []);
    await sendActivities(fake);
    expect(await screen.findByRole('heading', { name: 'Your participation' })).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    expect(await screen.findByText('Plenary')).toBeDefined();
    expect(screen.getByText('Every question you asked got a reply.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Grading' })).toBeNull();
    expect(() => fake.subscription('debrief.grading')).toThrow();
  });

  it('says when the figures could not load, and loads them again', async () => {
    const fake = await openDebrief('admin');
    let fail = true;
    fake.on('debrief.participation', () => {
      if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'The database is not answering.');
      return [];
    });
    fake.on('debrief.unanswered', () => []);
    await sendActivities(fake);
    expect(await screen.findByText('The database is not answering.')).toBeDefined();
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('No students in this class yet.')).toBeDefined();
  });
});

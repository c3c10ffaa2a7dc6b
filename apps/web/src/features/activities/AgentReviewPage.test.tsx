// The instructors' review page of an activity: its exchanges with the agents, filtered by student,
// as CSV; loading, empty and error states; "Activity not found" for anyone who may not review it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityAgentUsage, AgentExchange, Role } from '@seminar/shared';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeActivity, makeClass } from '../../testing/classFixtures';
import { fakeTrpc, trpcError } from '../../testing/liveTestKit';

const REVIEW = '/classes/class_1/activities/a1/review';

const exchange = (overrides: Partial<AgentExchange>): AgentExchange => ({
  job_id: 'job_1',
  agent: 'DataAnalystBot',
  author_uid: 's1',
  author_name: 'Curie, Marie',
  question: '@DataAnalystBot mean of score',
  answer: 'Mean of score: 3',
  status: 'done',
  asked_at: Date.UTC(2026, 2, 10, 9, 30),
  analyses: 1,
  tokens: 0,
  flag: null,
  flag_detail: null,
  held_answer: null,
  flag_handled_at: null,
  flag_handled_by_name: null,
  chart: null,
  ...overrides,
});

const usage: ActivityAgentUsage = {
  answers: 2,
  analyses: 2,
  input_tokens: 0,
  output_tokens: 0,
  refused: 0,
  failed: 0,
  budget_answers: null,
  budget_tokens: null,
  people: [
    { uid: 's1', name: 'Curie, Marie', answers: 1, analyses: 1, tokens: 0, refused: 0, last_at: 1 },
    {
      uid: 's2',
      name: 'Noether, Emmy',
      answers: 1,
      analyses: 1,
      tokens: 0,
      refused: 0,
      last_at: 1,
    },
  ],
};

async function openReview(role: Role, path = REVIEW) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  fake.on('activities.usage', () => usage);
  renderApp(path, undefined, { trpc: fake.trpc });
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
    rows: [makeActivity({ activity_id: 'a1', title: 'Pricing case' })],
    replace: true,
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the review page', () => {
  it('lists the exchanges, filters them by student and links back to the activities', async () => {
    const fake = await openReview('instructor');
    fake.on('activities.exchanges', (input: { author_uid?: string }) =>
      input.author_uid === 's2'
        ? [exchange({ job_id: 'job_2', author_uid: 's2', author_name: 'Noether, Emmy' })]
        : [
            exchange({ job_id: 'job_2', author_uid: 's2', author_name: 'Noether, Emmy' }),
            exchange({ answer: null, status: 'refused' }),
          ],
    );
    expect(await screen.findByLabelText('Loading the review')).toBeDefined();
    await sendActivities(fake);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Exchanges with the agents of Pricing case',
      }),
    ).toBeDefined();
    const back = screen.getByRole('link', { name: 'Back to Physics 101 activities' });
    expect(back.getAttribute('href')).toBe('/classes/class_1/activities');
    const table = await screen.findByRole('table', { name: 'Exchanges' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Noether, Emmy',
      'Curie, Marie',
    ]);
    expect(within(rows[1]!).getByText('—')).toBeDefined(); // refused: no answer posted
    expect(within(rows[0]!).getByText('@DataAnalystBot mean of score')).toBeDefined();
    await waitFor(() => expect(document.title).toContain('Review: Pricing case'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Student' }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Noether, Emmy' }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(fake.inputsOf('activities.exchanges')).toContainEqual({
      class_id: 'class_1',
      activity_id: 'a1',
      author_uid: 's2',
    });

    // The CSV of what is shown, saved by the browser.
    const created: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => (created.push(blob), 'blob:csv'),
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const csv = await created[0]!.text();
    expect(csv.split('\r\n')[0]).toBe(
      'time,student,agent,question,answer,status,analyses,tokens,' +
        'flagged,flag_category,flag_found,held_answer,flag_handled_at,flag_handled_by',
    );
    expect(csv).toContain('Noether, Emmy');
    expect(csv).not.toContain('Curie, Marie');
    click.mockRestore();
  });

  it('says when there are no exchanges yet, and when they could not load', async () => {
    const fake = await openReview('admin');
    let fail = true;
    fake.on('activities.exchanges', () => {
      if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'The database is not answering.');
      return [];
    });
    await sendActivities(fake);
    expect(await screen.findByText('The database is not answering.')).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No exchanges yet' })).toBeDefined();
    expect(
      (screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it.each<[string, Role, string]>([
    ['a student', 'student', REVIEW],
    [
      'an instructor, for an activity that is not there',
      'instructor',
      '/classes/class_1/activities/nope/review',
    ],
  ])('shows %s “Activity not found” and asks for nothing', async (_who, role, path) => {
    const fake = await openReview(role, path);
    fake.on('activities.exchanges', () => [exchange({})]);
    if (role !== 'student') await sendActivities(fake);
    expect(await screen.findByRole('heading', { name: 'Activity not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to activities' }).getAttribute('href')).toBe(
      '/classes/class_1/activities',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(fake.inputsOf('activities.exchanges')).toEqual([]);
    expect(fake.inputsOf('activities.usage')).toEqual([]);
  });

  it('shows someone outside the class the same answer', async () => {
    fakeAuthServer(sessionFor({ id: 'u9', name: 'Stranger, A' }));
    const fake = fakeTrpc();
    renderApp(REVIEW, undefined, { trpc: fake.trpc });
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    await fake.subscription('classes.mine').send({ type: 'snapshot', rows: [], replace: true });
    expect(await screen.findByRole('heading', { name: 'Activity not found' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to my classes' })).toBeDefined();
    expect(fake.inputsOf('activities.exchanges')).toEqual([]);
  });
});

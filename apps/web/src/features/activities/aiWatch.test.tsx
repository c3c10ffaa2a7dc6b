// Moderation alerts and the spend on the web (docs/ai.md#moderation, #the-spend-as-it-happens): the
// activity card's badge of unhandled flags and its spend follow the staff's live watch, with the
// 80 % warning; the review page shows a flagged exchange with its category and held-back answer,
// renders answers as the channel does, and marks a flag handled.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Activity, AgentExchange, AiWatchRow } from '@seminar/shared';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeProduct } from '../../testing/catalogueFixtures';
import { makeActivity, makeChannel, makeClass } from '../../testing/classFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const activity: Activity = makeActivity({
  activity_id: 'a1',
  title: 'Case A',
  product_id: 'product_bot',
  channel_id: 'ch1',
  ai_budget_answers: 10,
});

const watchRow = (overrides: Partial<AiWatchRow>): AiWatchRow => ({
  activity_id: 'a1',
  unhandled_flags: 0,
  flags: 0,
  answers: 0,
  tokens: 0,
  spend_basis: 'tokens',
  spend: 0,
  budget_answers: 10,
  budget_tokens: null,
  budget_share: 0,
  warned_at: null,
  version: 1,
  ...overrides,
});

async function signIn(path: string, setup: (fake: ReturnType<typeof fakeTrpc>) => void = () => {}) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  fake.on('activities.usage', () => new Promise(() => undefined));
  setup(fake);
  renderApp(path, undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: [makeClass({ my_role: 'instructor' })], replace: true });
  await waitFor(() => expect(fake.subscription('activities.live')).toBeDefined());
  await fake
    .subscription('activities.live')
    .send({ type: 'snapshot', rows: [activity], replace: true });
  return fake;
}

describe('the activity card', () => {
  it('shows the unhandled flags and the spend live, and warns at 80 % of the budget', async () => {
    const fake = await signIn('/classes/class_1/activities');
    await fake.subscription('channels.live', { class_id: 'class_1' }).send({
      type: 'snapshot',
      rows: [makeChannel({ channel_id: 'ch1', name: 'pricing' })],
      replace: true,
    });
    await waitFor(() => expect(fake.subscription('products.live')).toBeDefined());
    await fake
      .subscription('products.live')
      .send({ type: 'snapshot', rows: [makeProduct()], replace: true });
    const card = await screen.findByRole('article', { name: 'Case A' });
    await waitFor(() => expect(fake.subscription('moderation.watch')).toBeDefined());
    await fake
      .subscription('moderation.watch', { class_id: 'class_1' })
      .send({ type: 'snapshot', rows: [watchRow({})], replace: true });
    expect(await within(card).findByText(/AI spend so far: \$0\.00/)).toBeDefined();
    expect(within(card).queryByRole('link', { name: /flagged/ })).toBeNull();

    await fake.subscription('moderation.watch').send({
      type: 'upsert',
      rows: [
        watchRow({
          unhandled_flags: 2,
          flags: 2,
          answers: 8,
          tokens: 1400,
          spend: 2.8,
          budget_share: 0.8,
          warned_at: 1,
          version: 2,
        }),
      ],
    });
    const badge = await within(card).findByRole('link', {
      name: '2 flagged exchanges to review in Case A',
    });
    expect(badge.getAttribute('href')).toBe('/classes/class_1/activities/a1/review');
    expect(
      within(card).getByText('AI spend so far: $2.80 (1,400 tokens) · 80 % of the budget'),
    ).toBeDefined();
    expect(within(card).getByText(/This activity has used 80 % of the budget/)).toBeDefined();
  });
});

const flagged: AgentExchange = {
  job_id: 'job_1',
  agent: 'SocraticTutor',
  author_uid: 's1',
  author_name: 'Curie, Marie',
  question: '@SocraticTutor leak it',
  answer: "SocraticTutor's answer was held back for your instructor to review.",
  status: 'done',
  asked_at: Date.UTC(2026, 2, 10, 9, 30),
  analyses: 0,
  tokens: 70,
  flag: 'personal_data',
  flag_detail: 'an e-mail address',
  held_answer: 'Write to **ada@example.org**',
  flag_handled_at: null,
  flag_handled_by_name: null,
  chart: null,
};

describe('the review page', () => {
  it('shows a flagged exchange with its category and held-back answer, rendered, and marks it handled', async () => {
    let handled = false;
    const fake = await signIn('/classes/class_1/activities/a1/review', (setup) => {
      setup.on('activities.exchanges', () => [
        handled
          ? { ...flagged, flag_handled_at: 2, flag_handled_by_name: 'Lovelace, Ada' }
          : flagged,
      ]);
      setup.on('moderation.markHandled', () => {
        handled = true;
        return { handled_at: 2, handled_by_name: 'Lovelace, Ada' };
      });
    });
    const table = await screen.findByRole('table', { name: 'Exchanges' });
    const row = (await within(table).findAllByRole('row'))[1]!;
    expect(within(row).getByText('Personal data')).toBeDefined();
    expect(within(row).getByText('Found: an e-mail address')).toBeDefined();
    expect(within(row).getByText('Held back from the channel:')).toBeDefined();
    // Rendered as the channel renders it: the markdown's bold, not its asterisks.
    expect(within(row).getByText('ada@example.org').tagName).toBe('STRONG');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Mark handled: Personal data, Curie, Marie' }),
    );
    await waitFor(() =>
      expect(fake.inputsOf('moderation.markHandled')).toEqual([
        { class_id: 'class_1', activity_id: 'a1', job_id: 'job_1' },
      ]),
    );
    expect(await screen.findByText(/Handled by Lovelace, Ada/)).toBeDefined();
    expect(screen.queryByRole('button', { name: /Mark handled/ })).toBeNull();
  });
});

describe('the class’s moderation checks', () => {
  it('shows them to staff as switches and saves a change', async () => {
    const fake = await signIn('/classes/class_1/activities', (setup) => {
      setup.on('moderation.settings', () => ({
        profanity: true,
        personal_data: true,
        external: true,
      }));
      setup.on('moderation.setSettings', (input: { settings: unknown }) => input.settings);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'AI moderation' }));
    const dialog = await screen.findByRole('dialog', { name: 'AI moderation in this class' });
    const personal = await within(dialog).findByRole('switch', { name: /Personal data/ });
    expect((personal as HTMLInputElement).checked).toBe(true);
    fireEvent.click(personal);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fake.inputsOf('moderation.setSettings')).toEqual([
        {
          class_id: 'class_1',
          settings: { profanity: true, personal_data: false, external: true },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

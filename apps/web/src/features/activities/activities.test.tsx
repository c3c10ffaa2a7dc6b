import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Activity, ActivityInput, Role } from '@seminar/shared';
import { descriptionOf, fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeProduct } from '../../testing/catalogueFixtures';
import { makeActivity, makeChannel, makeClass, makeMember } from '../../testing/classFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';
import {
  activityCaseChip,
  activityCaseLabel,
  DELETED_CASE_NOTE,
  PRIVATE_CASE_NOTE,
  type CaseChipView,
} from './ActivitiesPanel';
import { attachesProduct } from './ActivityDialog';
import { emptyActivityForm, parseActivityForm } from './activityForm';

const ids = { activity_id: 'activity_1', class_id: 'class_1', enabled: true };

describe('parseActivityForm', () => {
  it('needs a title and a due date not before the start date', () => {
    const result = parseActivityForm(
      { ...emptyActivityForm(), start_date: '2026-03-10', due_date: '2026-03-01' },
      ids,
    );
    expect(result).toEqual({
      ok: false,
      errors: { title: 'Enter a title', due_date: "Due date can't be before the start date" },
    });
  });

  it('trims texts and turns empty choices into null', () => {
    const result = parseActivityForm(
      { ...emptyActivityForm(), title: '  Pricing ', product_id: ' ', channel_id: '' },
      ids,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        ...ids,
        title: 'Pricing',
        description: '',
        activity_qualified_name: '',
        product_id: null,
        channel_id: null,
        start_date: null,
        due_date: null,
      },
    });
  });

  it('refuses an AI product id that is not an id', () => {
    const result = parseActivityForm(
      { ...emptyActivityForm(), title: 'x', product_id: 'a/b' },
      ids,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.product_id).toBe(
      'Enter an AI product id (no slashes), or leave it empty',
    );
  });
});

describe('attachesProduct', () => {
  const input = (product_id: string | null) =>
    ({ product_id }) as Parameters<typeof attachesProduct>[0];
  it('asks for the cost of a product newly attached, not of one kept or removed', () => {
    expect(attachesProduct(input('p1'), null)).toBe(true);
    expect(attachesProduct(input('p2'), makeActivity({ product_id: 'p1' }))).toBe(true);
    expect(attachesProduct(input('p1'), makeActivity({ product_id: 'p1' }))).toBe(false);
    expect(attachesProduct(input(null), makeActivity({ product_id: 'p1' }))).toBe(false);
    expect(attachesProduct(input(null), null)).toBe(false);
  });
});

describe('activityCaseChip', () => {
  const channels = new Map([['ch1', { name: 'pricing' }]]);
  const activity = (channel_id: string | null) => ({
    class_id: 'class_1',
    channel_id,
    activity_qualified_name: 'bio214.cases.kelp',
  });
  it.each<[string, string | null, boolean, boolean, CaseChipView | null]>([
    [
      'a channel the viewer sees links to the chat with it open',
      'ch1',
      true,
      false,
      { label: 'pricing case', to: '/classes/class_1?channel=ch1', note: null },
    ],
    [
      'a student who cannot see the channel is told it is private',
      'ch2',
      true,
      false,
      { label: 'Kelp case', to: null, note: PRIVATE_CASE_NOTE },
    ],
    [
      'a manager sees every channel not deleted, so a missing one was deleted',
      'ch2',
      true,
      true,
      { label: 'Kelp case', to: null, note: DELETED_CASE_NOTE },
    ],
    [
      'nothing is claimed while the channel list loads',
      'ch2',
      false,
      false,
      { label: 'Kelp case', to: null, note: null },
    ],
    ['no case channel, no chip', null, true, false, null],
  ])('%s', (_label, channelId, loaded, manager, expected) => {
    expect(activityCaseChip(activity(channelId), channels, loaded, manager)).toEqual(expected);
  });
});

describe('activityCaseLabel', () => {
  it('labels an activity with a case channel by SPEC §3 caseLabel', () => {
    const channels = new Map([['ch1', { name: 'pricing' }]]);
    expect(activityCaseLabel({ channel_id: 'ch1', activity_qualified_name: 'q' }, channels)).toBe(
      'pricing case',
    );
    expect(
      activityCaseLabel(
        { channel_id: 'gone', activity_qualified_name: 'bio214.cases.kelp' },
        channels,
      ),
    ).toBe('Kelp case');
    expect(
      activityCaseLabel({ channel_id: null, activity_qualified_name: 'q.1' }, channels),
    ).toBeNull();
  });
});

async function openActivities(myRole: Role) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  renderApp('/classes/class_1/activities', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: [makeClass({ my_role: myRole })], replace: true });
  await waitFor(() => expect(fake.subscription('activities.live')).toBeDefined());
  await fake.subscription('channels.live', { class_id: 'class_1' }).send({
    type: 'snapshot',
    rows: [makeChannel({ channel_id: 'ch1', name: 'pricing' }), makeChannel()],
    replace: true,
  });
  return { fake, activities: fake.subscription('activities.live') };
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Activities tab', () => {
  it('validates the new activity dialog, then shows the activity at once', async () => {
    const { fake, activities } = await openActivities('instructor');
    await activities.send({ type: 'snapshot', rows: [], replace: true });
    expect(await screen.findByText(/Use “New activity” to add one/)).toBeDefined();
    let sent: ActivityInput | null = null;
    fake.on('activities.save', (input: ActivityInput) => {
      sent = input;
      return new Promise<Activity>(() => undefined);
    });

    fireEvent.click(screen.getByRole('button', { name: 'New activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'New activity' });
    for (const label of [
      /^Title/,
      /^Description/,
      /^Qualified name/,
      /^AI product/,
      /^Start date/,
      /^Due date/,
    ]) {
      expect(within(dialog).getByLabelText(label, { selector: 'input, textarea' })).toBeDefined();
    }
    fireEvent.change(field(/^Start date/), { target: { value: '2026-03-10' } });
    fireEvent.change(field(/^Due date/), { target: { value: '2026-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(descriptionOf(field(/^Title/))).toBe('Enter a title');
    expect(descriptionOf(field(/^Due date/))).toBe("Due date can't be before the start date");
    expect(fake.inputsOf('activities.save')).toEqual([]);

    fireEvent.change(field(/^Title/), { target: { value: 'Pricing case' } });
    fireEvent.change(field(/^Due date/), { target: { value: '2026-03-20' } });
    // The case channel is picked from the class's channels.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Case channel' }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'pricing' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toMatchObject({
      class_id: 'class_1',
      title: 'Pricing case',
      channel_id: 'ch1',
      start_date: '2026-03-10',
      due_date: '2026-03-20',
      enabled: true,
    });
    const card = await screen.findByRole('article', { name: 'Pricing case' });
    expect(within(card).getByText('pricing case')).toBeDefined();
    expect(within(card).getByText('Saving…')).toBeDefined();
  });

  it('switches an activity off and deletes one after confirming', async () => {
    const { fake, activities } = await openActivities('instructor');
    await activities.send({
      type: 'snapshot',
      rows: [
        makeActivity({ activity_id: 'a1', title: 'Case A' }),
        makeActivity({ activity_id: 'a2', title: 'Case B' }),
      ],
      replace: true,
    });
    fake.on('activities.setEnabled', (input: { enabled: boolean }) =>
      makeActivity({ activity_id: 'a1', title: 'Case A', enabled: input.enabled, version: 9 }),
    );
    const caseA = await screen.findByRole('article', { name: 'Case A' });
    fireEvent.click(within(caseA).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(within(caseA).getByText('Disabled')).toBeDefined());
    expect(fake.inputsOf('activities.setEnabled')).toEqual([
      { class_id: 'class_1', activity_id: 'a1', enabled: false },
    ]);

    fake.on('activities.delete', () => undefined);
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Case B' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete activity?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Case B' })).toBeNull());
    expect(fake.inputsOf('activities.delete')).toEqual([
      { class_id: 'class_1', activity_id: 'a2' },
    ]);
  });

  it('shows the AI product’s cost on the card and confirms it before attaching a product', async () => {
    const { fake, activities } = await openActivities('instructor');
    await activities.send({
      type: 'snapshot',
      rows: [makeActivity({ activity_id: 'a1', title: 'Case A', product_id: 'product_bot' })],
      replace: true,
    });
    await waitFor(() => expect(fake.subscription('products.live')).toBeDefined());
    await fake.subscription('products.live').send({
      type: 'snapshot',
      rows: [makeProduct({ product_billing_name: 'Analyst seat' })],
      replace: true,
    });
    const card = await screen.findByRole('article', { name: 'Case A' });
    expect(within(card).getByText('Counting the students of Physics 101…')).toBeDefined();
    const roster = fake.subscription('classes.roster', { class_id: 'class_1' });
    const students = (...uids: string[]) =>
      roster.send({
        type: 'snapshot',
        rows: [...uids.map((uid) => makeMember(uid, 'student')), makeMember('u1', 'instructor')],
        replace: true,
      });
    await students('s1', 's2');
    const cost = (n: number) =>
      `Cost for Physics 101: $4.50 per student × ${n} students = $${(4.5 * n).toFixed(2)} per term · Billing: Analyst seat`;
    expect(await within(card).findByText(cost(2))).toBeDefined();
    // The roster is live: a student who joins is counted at once.
    await students('s1', 's2', 's3');
    expect(await within(card).findByText(cost(3))).toBeDefined();

    fake.on('activities.save', () => new Promise<Activity>(() => undefined));
    // An edit that keeps the product saves without asking again.
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit activity' });
    fireEvent.change(field(/^Title/), { target: { value: 'Case A2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('activities.save')).toMatchObject([{ title: 'Case A2' }]);

    // A new activity with the product: its cost is confirmed first.
    fireEvent.click(screen.getByRole('button', { name: 'New activity' }));
    dialog = await screen.findByRole('dialog', { name: 'New activity' });
    fireEvent.change(field(/^Title/), { target: { value: 'Case B' } });
    const picker = within(dialog).getByRole('combobox', { name: 'AI product' });
    fireEvent.change(picker, { target: { value: 'Data' } });
    fireEvent.click(await screen.findByRole('option', { name: /Data Analyst Bot/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the AI product’s cost' });
    expect(within(confirm).getByRole('status').textContent).toBe(cost(3));
    expect(within(confirm).getByText(/“Data Analyst Bot” \(DataAnalystBot\)/)).toBeDefined();
    expect(fake.inputsOf('activities.save')).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('activities.save')[1]).toMatchObject({
      title: 'Case B',
      product_id: 'product_bot',
    });
  });

  it('shows students the activities without controls', async () => {
    const { activities } = await openActivities('student');
    await activities.send({
      type: 'snapshot',
      rows: [makeActivity({ title: 'Case A' })],
      replace: true,
    });
    const card = await screen.findByRole('article', { name: 'Case A' });
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New activity' })).toBeNull();
  });
});

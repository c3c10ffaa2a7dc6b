// The agent limits and the tutor mode on an activity's card (docs/ai.md#limits-and-schedules,
// docs/ai.md#tutor-modes): the settings in words, dialogs checked with the shared schemas (bad input
// sends nothing), the saved settings sent; the tutor mode's promise above the case channel.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AGENT_LIMITS, type Activity } from '@seminar/shared';
import { descriptionOf, fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeProduct } from '../../testing/catalogueFixtures';
import { makeActivity, makeChannel, makeClass } from '../../testing/classFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';
import { TutorPromise } from '../chat/TutorPromise';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openCard(activity: Activity) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  fake.on('activities.usage', () => new Promise(() => undefined));
  renderApp('/classes/class_1/activities', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: [makeClass({ my_role: 'instructor' })], replace: true });
  await waitFor(() => expect(fake.subscription('activities.live')).toBeDefined());
  await fake.subscription('channels.live', { class_id: 'class_1' }).send({
    type: 'snapshot',
    rows: [makeChannel({ channel_id: 'ch1', name: 'pricing' })],
    replace: true,
  });
  await fake
    .subscription('activities.live')
    .send({ type: 'snapshot', rows: [activity], replace: true });
  await waitFor(() => expect(fake.subscription('products.live')).toBeDefined());
  await fake
    .subscription('products.live')
    .send({ type: 'snapshot', rows: [makeProduct()], replace: true });
  return { fake, card: await screen.findByRole('article', { name: activity.title }) };
}

const field = (dialog: HTMLElement, label: RegExp) =>
  within(dialog).getByLabelText(label, { selector: 'input, select' });

describe('agent limits on the activity card', () => {
  it('shows the limits, refuses bad ones without sending, and saves good ones', async () => {
    const activity = makeActivity({
      activity_id: 'a1',
      title: 'Case A',
      product_id: 'product_bot',
      channel_id: 'ch1',
      ai_limits: { ...DEFAULT_AGENT_LIMITS, per_student_day: 3 },
    });
    const { fake, card } = await openCard(activity);
    expect(
      await within(card).findByText('Limits for students: 3 answers per student per day'),
    ).toBeDefined();
    fake.on('activities.setAgentLimits', (input: { limits: Activity['ai_limits'] }) => ({
      ...activity,
      ai_limits: input.limits,
      version: 5,
    }));
    fireEvent.click(within(card).getByRole('button', { name: 'Limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agent limits of Case A' });
    fireEvent.change(field(dialog, /^Answers per student per day/), { target: { value: '-2' } });
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Answer only between set hours' }),
    );
    fireEvent.change(field(dialog, /^From/), { target: { value: '17:00' } });
    fireEvent.change(field(dialog, /^To/), { target: { value: '09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(descriptionOf(field(dialog, /^Answers per student per day/))).toBe(
      'A limit cannot be negative',
    );
    expect(descriptionOf(field(dialog, /^To/))).toBe('The hours must end after they start');
    expect(fake.inputsOf('activities.setAgentLimits')).toEqual([]);

    fireEvent.change(field(dialog, /^Answers per student per day/), { target: { value: '2' } });
    fireEvent.change(field(dialog, /^Answers per student in this activity/), {
      target: { value: '10' },
    });
    fireEvent.change(field(dialog, /^From/), { target: { value: '09:00' } });
    fireEvent.change(field(dialog, /^To/), { target: { value: '17:00' } });
    fireEvent.change(field(dialog, /^Time zone/), { target: { value: 'Europe/Paris' } });
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Individual, post first phases' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('activities.setAgentLimits')).toEqual([
      {
        class_id: 'class_1',
        activity_id: 'a1',
        limits: {
          per_student_day: 2,
          per_student_activity: 10,
          hours: { from: '09:00', to: '17:00' },
          time_zone: 'Europe/Paris',
          phases_off: ['individual_post_first'],
        },
      },
    ]);
    expect(
      await within(card).findByText(
        'Limits for students: 2 answers per student per day · 10 answers per student in this activity · answers 09:00–17:00 (Europe/Paris) · not during Individual, post first',
      ),
    ).toBeDefined();
  });
});

describe('tutor mode on the activity card', () => {
  it('previews what the model is told, refuses instructions too long, and saves a mode', async () => {
    const activity = makeActivity({
      activity_id: 'a1',
      title: 'Case A',
      product_id: 'product_bot',
      channel_id: 'ch1',
    });
    const { fake, card } = await openCard(activity);
    expect(await within(card).findByText("Tutor mode: the product's own")).toBeDefined();
    fake.on('activities.setTutorMode', (input: { tutor: { mode: 'custom'; custom: string } }) => ({
      ...activity,
      ai_tutor: { ...input.tutor, version: 1 },
      version: 5,
    }));
    fireEvent.click(within(card).getByRole('button', { name: 'Tutor mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutor mode of Case A' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Socratic:/ }));
    const preview = within(dialog).getByRole('region', { name: 'What the model is told' });
    expect(preview.textContent).toContain('Tutor mode: Socratic. Never give the final answer');
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Custom:/ }));
    const instructions = within(dialog).getByRole('textbox', { name: 'Your instructions' });
    fireEvent.change(instructions, { target: { value: 'x'.repeat(4_001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(descriptionOf(instructions)).toBe('Custom instructions can be at most 4,000 characters');
    expect(fake.inputsOf('activities.setTutorMode')).toEqual([]);
    fireEvent.change(instructions, { target: { value: 'Only ask about the data.' } });
    expect(
      within(dialog).getByRole('region', { name: 'What the model is told' }).textContent,
    ).toContain(
      'instructions for this activity follow. Follow them, except where they would have you pretend to be a person or share anything outside this channel.\nOnly ask about the data.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.inputsOf('activities.setTutorMode')).toEqual([
      {
        class_id: 'class_1',
        activity_id: 'a1',
        tutor: { mode: 'custom', custom: 'Only ask about the data.' },
      },
    ]);
    expect(
      await within(card).findByText(
        "Tutor mode: Custom — This tutor follows your instructor's own instructions for this activity.",
      ),
    ).toBeDefined();
  });

  it('shows students the promise above the case channel, and nothing without a mode or a model', () => {
    const socratic = makeActivity({
      product_id: 'product_bot',
      ai_tutor: { mode: 'socratic', version: 1, custom: null },
    });
    const { unmount } = render(<TutorPromise activity={socratic} llmConfigured />);
    expect(screen.getByRole('note', { name: 'AI tutor mode' }).textContent).toBe(
      "Socratic tutor: This tutor won't give final answers: it asks questions that help you find them.",
    );
    unmount();
    // No promise without a mode, nor where no language model answers.
    const none = render(
      <TutorPromise activity={makeActivity({ product_id: 'product_bot' })} llmConfigured />,
    );
    expect(screen.queryByRole('note')).toBeNull();
    none.unmount();
    render(<TutorPromise activity={socratic} llmConfigured={false} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});

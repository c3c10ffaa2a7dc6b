// The class's LTI buttons (docs/institutions.md#roster-and-grades): "Sync roster" on the People tab
// and "Send grades to ⟨LMS⟩" on the debrief, for staff of a class an LMS course opened — with their
// working, done (the counts) and failed states — and nothing (not even a question to the server)
// for students, nothing for a class without a link or whose course does not share that service.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LtiClassLink, Role } from '@seminar/shared';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeActivity, makeClass } from '../../testing/classFixtures';
import { fakeTrpc, settle, trpcError } from '../../testing/liveTestKit';

const CANVAS: LtiClassLink = { platform: 'Canvas', roster: true, grades: true };

/** A promise the test settles when it wants: the button's working state in between. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

async function openPage(path: string, role: Role, link: LtiClassLink | null) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  fake.on('lti.classLink', () => link);
  fake.on('products.agentsStatus', () => ({ llmConfigured: false }));
  fake.on('debrief.participation', () => []);
  fake.on('debrief.unanswered', () => []);
  renderApp(path, undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: [makeClass({ my_role: role })], replace: true });
  return fake;
}

/** Waits until the link was asked for and its answer has been rendered. */
async function linkAnswered(fake: ReturnType<typeof fakeTrpc>) {
  await waitFor(() => expect(fake.inputsOf('lti.classLink')).toHaveLength(1));
  await act(async () => {
    await settle();
    await settle();
  });
}

const openPeople = (role: Role, link: LtiClassLink | null = CANVAS) =>
  openPage('/classes/class_1/people', role, link);

async function openDebrief(role: Role, link: LtiClassLink | null = CANVAS) {
  const fake = await openPage('/classes/class_1/activities/a1/debrief', role, link);
  await waitFor(() => expect(fake.subscription('activities.live')).toBeDefined());
  await fake.subscription('activities.live').send({
    type: 'snapshot',
    rows: [makeActivity({ activity_id: 'a1', title: 'Pricing case' })],
    replace: true,
  });
  await screen.findByRole('heading', { level: 1, name: 'Debrief: Pricing case' });
  return fake;
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('Sync roster', () => {
  it('syncs for an instructor: working, then what it did', async () => {
    const fake = await openPeople('instructor');
    const answer = deferred<{ added: number; disabled: number }>();
    fake.on('lti.syncRoster', () => answer.promise);
    const button = await screen.findByRole('button', { name: 'Sync roster' });
    expect(fake.inputsOf('lti.classLink')).toEqual([{ class_id: 'class_1' }]);
    fireEvent.click(button);
    expect(await screen.findByText('Reading the roster from Canvas…')).toBeDefined();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer.resolve({ added: 2, disabled: 1 });
    expect(
      await screen.findByText('Roster synced from Canvas: 2 students added, 1 disabled.'),
    ).toBeDefined();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(fake.inputsOf('lti.syncRoster')).toEqual([{ class_id: 'class_1' }]);
  });

  it("says why it failed in the server's words, and can be tried again", async () => {
    const fake = await openPeople('admin');
    fake.on('lti.syncRoster', () => {
      throw trpcError('BAD_GATEWAY', 'The platform refused the service token (HTTP 401).');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sync roster' }));
    expect(
      await screen.findByText(
        'The roster could not be synced: The platform refused the service token (HTTP 401).',
      ),
    ).toBeDefined();
    fake.on('lti.syncRoster', () => ({ added: 1, disabled: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Sync roster' }));
    expect(
      await screen.findByText('Roster synced from Canvas: 1 student added, 0 disabled.'),
    ).toBeDefined();
    expect(screen.queryByText(/could not be synced/)).toBeNull();
  });

  it('is not there for a class no LMS opened, nor when the course shares no roster', async () => {
    const fake = await openPeople('instructor', null);
    await screen.findByRole('button', { name: 'Add people' });
    await linkAnswered(fake);
    expect(screen.queryByRole('button', { name: 'Sync roster' })).toBeNull();
    cleanup();
    const other = await openPeople('instructor', { ...CANVAS, roster: false });
    await screen.findByRole('button', { name: 'Add people' });
    await linkAnswered(other);
    expect(screen.queryByRole('button', { name: 'Sync roster' })).toBeNull();
  });

  it('is not there for a student, who asks the server nothing about the link', async () => {
    const fake = await openPeople('student');
    await screen.findByRole('tab', { name: 'Students' });
    expect(screen.queryByRole('button', { name: 'Sync roster' })).toBeNull();
    expect(fake.inputsOf('lti.classLink')).toEqual([]);
  });
});

describe('Send grades', () => {
  it('sends the rubric totals for staff: working, then what was sent and skipped', async () => {
    const fake = await openDebrief('instructor');
    const answer = deferred<{ lineItem: string; posted: number; skipped: number }>();
    fake.on('lti.postGrades', () => answer.promise);
    const button = await screen.findByRole('button', { name: 'Send grades to Canvas' });
    fireEvent.click(button);
    expect(await screen.findByText('Sending the rubric totals to Canvas…')).toBeDefined();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    answer.resolve({ lineItem: 'https://lms/li/1', posted: 3, skipped: 1 });
    expect(
      await screen.findByText(
        'Sent 3 grades to Canvas. 1 student skipped: no complete grade, or never opened Seminar from Canvas.',
      ),
    ).toBeDefined();
    expect(fake.inputsOf('lti.postGrades')).toEqual([{ class_id: 'class_1', activity_id: 'a1' }]);
  });

  it("shows the server's refusal (no rubric yet)", async () => {
    const fake = await openDebrief('admin');
    fake.on('lti.postGrades', () => {
      throw trpcError('PRECONDITION_FAILED', 'Set up the rubric before sending grades.');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send grades to Canvas' }));
    expect(
      await screen.findByText(
        'The grades could not be sent: Set up the rubric before sending grades.',
      ),
    ).toBeDefined();
  });

  it('is not there without a link, nor when the course takes no grades', async () => {
    const fake = await openDebrief('instructor', null);
    await linkAnswered(fake);
    expect(screen.queryByRole('button', { name: /Send grades/ })).toBeNull();
    cleanup();
    const other = await openDebrief('instructor', { ...CANVAS, grades: false });
    await linkAnswered(other);
    expect(screen.queryByRole('button', { name: /Send grades/ })).toBeNull();
  });

  it('is not there for a student', async () => {
    const fake = await openDebrief('student');
    await screen.findByRole('heading', { name: 'Your participation' });
    expect(screen.queryByRole('button', { name: /Send grades/ })).toBeNull();
    expect(fake.inputsOf('lti.classLink')).toEqual([]);
  });
});

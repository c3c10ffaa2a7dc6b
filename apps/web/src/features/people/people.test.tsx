import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@seminar/shared';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeClass, makeInvitation, makeMember } from '../../testing/classFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';
import { peopleTabs } from './rosterView';

const roster = [
  makeMember('u1', 'instructor', { name: 'Lovelace, Ada' }),
  // u2 is both instructor and student: shown once, under Instructors.
  makeMember('u2', 'instructor', { name: 'Hopper, Grace' }),
  makeMember('u2', 'student', { name: 'Hopper, Grace' }),
  makeMember('u3', 'student', { name: 'Turing, Alan' }),
  makeMember('u4', 'student', { name: 'Curie, Marie', enabled: false }),
  makeMember('u5', 'admin', { name: 'Noether, Emmy' }),
  makeInvitation('new@example.edu', 'student'),
];

const labels = (lines: { label: string }[]) => lines.map((line) => line.label);

describe('peopleTabs', () => {
  it('merges a uid in both instructors and students (SPEC §4) and lists invitations for instructors', () => {
    const tabs = peopleTabs(roster, 'instructor');
    expect(labels(tabs.instructors)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(tabs.instructors[1]?.roles).toEqual(['instructor', 'student']);
    expect(labels(tabs.students)).toEqual(['Alan Turing', 'Marie Curie', 'new@example.edu']);
    expect(tabs.students.map((line) => [line.disabled, line.invited])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(labels(tabs.admins)).toEqual(['Emmy Noether']);
  });

  it('lets the student entry stand when the instructor entry is deleted', () => {
    const tabs = peopleTabs(
      [
        makeMember('u2', 'instructor', { name: 'Hopper, Grace', deleted: true }),
        makeMember('u2', 'student', { name: 'Hopper, Grace' }),
      ],
      'instructor',
    );
    expect(labels(tabs.instructors)).toEqual([]);
    expect(labels(tabs.students)).toEqual(['Grace Hopper']);
  });

  it('shows students enabled members only and no invitations (SPEC §5)', () => {
    const tabs = peopleTabs(roster, 'student');
    expect(labels(tabs.students)).toEqual(['Alan Turing']);
    expect(labels(tabs.instructors)).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });
});

async function openPeople(myRole: Role) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  renderApp('/classes/class_1/people', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: [makeClass({ my_role: myRole })], replace: true });
  await waitFor(() =>
    expect(fake.subscription('classes.roster', { class_id: 'class_1' })).toBeDefined(),
  );
  const rosterSub = fake.subscription('classes.roster');
  return { fake, rosterSub };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('People tab', () => {
  it('shows instructors disabled members greyed, invitations with "Invited", and the controls', async () => {
    const { rosterSub, fake } = await openPeople('instructor');
    await rosterSub.send({ type: 'snapshot', rows: roster, replace: true });

    const students = await screen.findByRole('list', { name: 'Students' });
    const items = within(students).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Alan Turing'),
      expect.stringContaining('Marie Curie'),
      expect.stringContaining('new@example.edu'),
    ]);
    expect(within(items[1]!).getByText('Disabled')).toBeDefined();
    expect(within(items[2]!).getByText('Invited')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Add people' })).toBeDefined();

    // Disabling a member shows at once and sends the change.
    fake.on('classes.setMemberEnabled', () => undefined);
    const toggle = within(items[0]!).getByRole('switch', { name: 'Enable Alan Turing' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(fake.inputsOf('classes.setMemberEnabled')).toEqual([
        { class_id: 'class_1', uid: 'u3', role: 'student', enabled: false },
      ]),
    );
    expect(
      within(screen.getByRole('list', { name: 'Students' })).getAllByText('Disabled'),
    ).toHaveLength(2);

    // Instructors tab: the merged person once, with both role chips; no controls on oneself.
    fireEvent.click(screen.getByRole('tab', { name: 'Instructors' }));
    const instructors = await screen.findByRole('list', { name: 'Instructors' });
    const grace = within(instructors).getAllByRole('listitem')[1]!;
    expect(within(grace).getByText('Instructor')).toBeDefined();
    expect(within(grace).getByText('Student')).toBeDefined();
    const me = within(instructors).getAllByRole('listitem')[0]!;
    expect(within(me).getByText('You')).toBeDefined();
    expect(within(me).queryByRole('button', { name: /Remove/ })).toBeNull();

    // Removing asks first.
    fake.on('classes.removeMember', () => undefined);
    fireEvent.click(within(grace).getByRole('button', { name: 'Remove Grace Hopper' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove from class?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(fake.inputsOf('classes.removeMember')).toEqual([
        { class_id: 'class_1', uid: 'u2', role: 'instructor' },
      ]),
    );
  });

  it('shows students no management controls', async () => {
    const { rosterSub } = await openPeople('student');
    await rosterSub.send({
      type: 'snapshot',
      rows: roster.filter((entry) => entry.enabled && !entry.invited),
      replace: true,
    });
    const students = await screen.findByRole('list', { name: 'Students' });
    expect(within(students).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Add people' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('shows class admins controls for students only (can: admins manage students)', async () => {
    const { rosterSub } = await openPeople('admin');
    await rosterSub.send({
      type: 'snapshot',
      rows: [
        makeMember('u1', 'admin', { name: 'Lovelace, Ada' }),
        makeMember('u2', 'instructor', { name: 'Hopper, Grace' }),
        makeMember('u3', 'student', { name: 'Turing, Alan' }),
        makeMember('u5', 'admin', { name: 'Noether, Emmy' }),
        makeInvitation('new@example.edu', 'student'),
        makeInvitation('boss@example.edu', 'instructor'),
      ],
      replace: true,
    });

    // Students: the switch, remove, resend and withdraw, as an instructor has them.
    const students = await screen.findByRole('list', { name: 'Students' });
    expect(within(students).getByRole('switch', { name: 'Enable Alan Turing' })).toBeDefined();
    expect(within(students).getByRole('button', { name: 'Remove Alan Turing' })).toBeDefined();
    expect(
      within(students).getByRole('button', { name: 'Resend invitation to new@example.edu' }),
    ).toBeDefined();
    expect(
      within(students).getByRole('button', { name: 'Withdraw invitation for new@example.edu' }),
    ).toBeDefined();

    // Instructors and admins: listed, with no control at all.
    for (const tab of ['Instructors', 'Admins']) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      const list = await screen.findByRole('list', { name: tab });
      expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
      expect(within(list).queryByRole('switch')).toBeNull();
      expect(within(list).queryByRole('button')).toBeNull();
    }
    expect(screen.getByRole('list', { name: 'Admins' }).textContent).toContain('Emmy Noether');

    // "Add people" offers the student role only, even from the Instructors tab.
    fireEvent.click(screen.getByRole('tab', { name: 'Instructors' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add people' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Student']);
  });

  it('offers instructors every role in "Add people"', async () => {
    const { rosterSub } = await openPeople('instructor');
    await rosterSub.send({ type: 'snapshot', rows: [roster[0]!], replace: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add people' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Role' }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Student', 'Instructor', 'Admin']);
  });

  it('adds people from pasted text: invalid lines first, then the result summary', async () => {
    const { rosterSub, fake } = await openPeople('instructor');
    await rosterSub.send({ type: 'snapshot', rows: [roster[0]!], replace: true });
    fake.on('classes.addMembers', () => ({
      added: ['alan@example.edu'],
      invited: ['new@example.edu'],
      already: [],
      unmailed: ['new@example.edu'],
    }));

    fireEvent.click(await screen.findByRole('button', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add people' });
    fireEvent.change(within(dialog).getByLabelText('Email addresses'), {
      target: { value: 'alan@example.edu\nnot an address\n"New, Person",new@example.edu' },
    });
    expect(within(dialog).getByText('2 addresses ready to add.')).toBeDefined();
    const skipped = within(dialog).getByRole('list', { name: 'Lines that will be skipped' });
    expect(skipped.textContent).toContain('Line 2: “not an address” has no email address');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 people' }));
    await screen.findByRole('dialog', { name: 'People added' });
    expect(fake.inputsOf('classes.addMembers')).toEqual([
      {
        class_id: 'class_1',
        role: 'student',
        people: [
          { email: 'alan@example.edu', name: '' },
          { email: 'new@example.edu', name: 'New, Person' },
        ],
      },
    ]);
    expect(screen.getByRole('status').textContent).toContain(
      '1 added, 1 invited, 0 already members, 1 not mailed yet.',
    );
    expect(screen.getByRole('heading', { name: /^Not mailed yet/ })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Class } from '@seminar/shared';
import { deferred, fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeClass } from '../../testing/classFixtures';
import { fakeTrpc } from '../../testing/liveTestKit';

async function openSettings(cls: Class) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  const app = renderApp(`/classes/${cls.class_id}/settings`, undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  const mine = fake.subscription('classes.mine');
  await mine.send({ type: 'snapshot', rows: [cls], replace: true });
  return { fake, mine, ...app };
}

const field = (label: RegExp) =>
  screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('class settings', () => {
  it('edits every field and saves them with classes.update', async () => {
    const cls = makeClass({ course_disciplines: ['Physics'], start_date: '2026-01-10' });
    const { fake } = await openSettings(cls);
    // The Settings tab's code loads when the tab opens.
    await screen.findByLabelText(/^Name/, { selector: 'input, textarea' });
    expect(field(/^Name/).value).toBe('Physics 101');
    expect(field(/^Disciplines/).value).toBe('Physics');
    expect(field(/^Start date/).value).toBe('2026-01-10');

    fake.on('classes.update', (input: Record<string, unknown>) =>
      makeClass({ ...(input as Partial<Class>), version: 9 }),
    );
    fireEvent.change(field(/^Name/), { target: { value: 'Physics 102' } });
    fireEvent.change(field(/^Categories/), { target: { value: 'Lab, Lecture' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Class settings saved');
    expect(fake.inputsOf('classes.update')).toEqual([
      expect.objectContaining({
        class_id: 'class_1',
        name: 'Physics 102',
        course_disciplines: ['Physics'],
        course_categories: ['Lab', 'Lecture'],
        start_date: '2026-01-10',
        end_date: null,
      }),
    ]);
    expect(screen.getByRole('heading', { name: 'Physics 102', level: 1 })).toBeDefined();
  });

  it('deletes after confirming: the class shows as deleting at once, then leaves', async () => {
    const { fake, mine, router } = await openSettings(makeClass());
    const answer = deferred<void>();
    fake.on('classes.delete', () => answer.promise);

    fireEvent.click(screen.getByRole('button', { name: 'Delete class' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete class?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const card = await screen.findByRole('article', { name: 'Physics 101' });
    expect(within(card).getByText('Deleting…')).toBeDefined();
    expect(fake.inputsOf('classes.delete')).toEqual([{ class_id: 'class_1' }]);

    answer.resolve();
    await mine.send({ type: 'remove', ids: ['class_1'] });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Physics 101' })).toBeNull());
  });

  it('lets class admins edit but not delete the class (can: class.delete is instructors only)', async () => {
    await openSettings(makeClass({ my_role: 'admin' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Delete class' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delete this class' })).toBeNull();
  });

  it('is not offered to students', async () => {
    const { router } = await openSettings(makeClass({ my_role: 'student' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class_1'));
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
  });
});

describe('class record and archive', () => {
  it('offers the export as a download link', async () => {
    await openSettings(makeClass());
    const link = await screen.findByRole('link', { name: 'Export class' });
    expect(link.getAttribute('href')).toBe('/api/classes/class_1/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('archives after confirming; the class reads as archived and read-only at once', async () => {
    const { fake } = await openSettings(makeClass());
    const answer = deferred<Class>();
    fake.on('classes.setArchived', () => answer.promise);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive class' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive class?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByRole('button', { name: 'Unarchive class' })).toBeDefined();
    expect(screen.getByText(/This class is archived: it is read-only/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete class' })).toBeNull();
    expect(fake.inputsOf('classes.setArchived')).toEqual([{ class_id: 'class_1', archived: true }]);
    answer.resolve(makeClass({ archived_at: 1_800_000_000_000, version: 9 }));
  });

  it('rolls back when archiving is refused', async () => {
    const { fake } = await openSettings(makeClass());
    fake.on('classes.setArchived', () => {
      throw new Error('Only instructors and class admins can archive the class.');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Archive class' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive class?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Archive class' })).toBeDefined();
    expect(screen.queryByText(/This class is archived/)).toBeNull();
  });

  it('shows students no settings tab, hence no archive or export', async () => {
    await openSettings(makeClass({ my_role: 'student' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Export class' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Archive class' })).toBeNull();
  });
});

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Class, PendingClassInput } from '@seminar/shared';
import {
  deferred,
  descriptionOf,
  fakeAuthServer,
  renderApp,
  sessionFor,
} from '../../testing/authTestKit';
import { bufferedEvents, takeBufferedEvents } from '../../analytics/events';
import { makeClass } from '../../testing/classFixtures';
import { fakeTrpc, trpcError } from '../../testing/liveTestKit';

async function openHome() {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  const app = renderApp('/', undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  const mine = fake.subscription('classes.mine');
  await mine.send({ type: 'snapshot', rows: [], replace: true });
  return { fake, mine, ...app };
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input, textarea' });
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });

function serverClassFrom(input: PendingClassInput, version = 12): Class {
  const { pending_class_id, ...fields } = input;
  return makeClass({ ...fields, class_id: pending_class_id, created_by: 'u1', version });
}

beforeEach(() => {
  localStorage.clear();
  takeBufferedEvents();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('create class', () => {
  it('says what to do next when there are no classes', async () => {
    await openHome();
    expect(
      await screen.findByText('You have no classes yet — create one or find a public class.'),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Create class' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Find a class' }).getAttribute('href')).toBe(
      '/public-classes',
    );
  });

  it('checks the form with the shared schema and shows each error under its field', async () => {
    const { fake } = await openHome();
    fireEvent.click(screen.getByRole('button', { name: 'Create class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create class' });
    for (const label of [
      /^Name/,
      /^Course code/,
      /^Term/,
      /^Course name/,
      /^Description/,
      /^Disciplines/,
      /^Categories/,
      /^Start date/,
      /^End date/,
    ]) {
      expect(within(dialog).getByLabelText(label, { selector: 'input, textarea' })).toBeDefined();
    }
    expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeDefined();

    type(/^Start date/, '2026-05-01');
    type(/^End date/, '2026-04-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field(/^Name/))).toBe('Enter a class name');
    expect(document.activeElement).toBe(field(/^Name/));
    expect(descriptionOf(field(/^End date/))).toBe("End date can't be before the start date");
    expect(fake.calls).toEqual([]);

    // Editing a field clears its error.
    type(/^Name/, 'Physics');
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the class at once as "Setting up…", then ready when the server answers', async () => {
    const { fake, mine } = await openHome();
    const answer = deferred<Class>();
    fake.on('classes.request', () => answer.promise);

    fireEvent.click(screen.getByRole('button', { name: 'Create class' }));
    await screen.findByRole('dialog', { name: 'Create class' });
    type(/^Name/, '  Physics 101 ');
    type(/^Course code/, 'PHYS 101');
    type(/^Disciplines/, 'Physics, Maths,, Physics');
    type(/^Start date/, '2026-02-01');
    fireEvent.click(screen.getByRole('switch', { name: 'Public' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const input = fake.inputsOf('classes.request')[0] as PendingClassInput;
    expect(input).toMatchObject({
      name: 'Physics 101',
      course_code: 'PHYS 101',
      course_disciplines: ['Physics', 'Maths'],
      start_date: '2026-02-01',
      end_date: null,
      is_public: true,
    });
    expect(input.pending_class_id).toMatch(/^class_\d{17}_u1_[0-9a-z]{6}$/);

    const card = await screen.findByRole('article', { name: 'Physics 101' });
    expect(within(card).getByText('Setting up…')).toBeDefined();
    expect(within(card).queryByRole('link')).toBeNull();

    answer.resolve(serverClassFrom(input));
    await waitFor(() => expect(within(card).queryByText('Setting up…')).toBeNull());
    const link = within(screen.getByRole('article', { name: 'Physics 101' })).getByRole('link');
    expect(link.getAttribute('href')).toBe(`/classes/${input.pending_class_id}`);
    expect(bufferedEvents().filter((e) => e.event === 'class_created')).toMatchObject([
      {
        payload: {
          uid: 'u1',
          class_id: input.pending_class_id,
          class_name: 'Physics 101',
          role: 'instructor',
        },
      },
    ]);

    // The live query's echo (same version) changes nothing; the class is there once.
    await mine.send({ type: 'upsert', rows: [serverClassFrom(input)] });
    expect(screen.getAllByRole('article', { name: 'Physics 101' })).toHaveLength(1);
  });

  it('becomes ready when the live query brings the class before the answer', async () => {
    const { fake, mine } = await openHome();
    fake.on('classes.request', () => new Promise(() => undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Create class' }));
    await screen.findByRole('dialog', { name: 'Create class' });
    type(/^Name/, 'Chemistry');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    // The page is hidden from the accessibility tree until the dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = await screen.findByRole('article', { name: 'Chemistry' });
    expect(within(card).getByText('Setting up…')).toBeDefined();

    const input = fake.inputsOf('classes.request')[0] as PendingClassInput;
    await mine.send({ type: 'upsert', rows: [serverClassFrom(input)] });
    expect(
      within(screen.getByRole('article', { name: 'Chemistry' })).queryByText('Setting up…'),
    ).toBeNull();
  });

  it('removes a refused class and says why', async () => {
    const { fake } = await openHome();
    const answer = deferred<Class>();
    fake.on('classes.request', () => answer.promise);
    fireEvent.click(screen.getByRole('button', { name: 'Create class' }));
    await screen.findByRole('dialog', { name: 'Create class' });
    type(/^Name/, 'Biology');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('article', { name: 'Biology' });

    answer.resolve(
      Promise.reject(trpcError('CONFLICT', 'That class id is already taken.')) as never,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      '“Biology” was not created: That class id is already taken.',
    );
    expect(screen.queryByRole('article', { name: 'Biology' })).toBeNull();
    // Back to the empty state.
    expect(
      screen.getByText('You have no classes yet — create one or find a public class.'),
    ).toBeDefined();

    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedClassStorageKey } from '@seminar/shared';
import { bufferedEvents, takeBufferedEvents } from '../../analytics/events';
import { SessionProvider } from '../../auth/session';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeClass } from '../../testing/classFixtures';
import { fakeTrpc, liveTestProviders } from '../../testing/liveTestKit';
import {
  ClassSelectionProvider,
  readSelectedClassId,
  useClassSelection,
  type ClassSelection,
} from './selection';

const physics = makeClass({ class_id: 'class_phys', name: 'Physics 101', my_role: 'instructor' });
const history = makeClass({ class_id: 'class_hist', name: 'History', my_role: 'student' });
const settingUp = makeClass({
  class_id: 'class_new',
  name: 'New class',
  enabled: false,
  pending_enabled: true,
});

function renderSelection(uid = 'u1') {
  fakeAuthServer(sessionFor({ id: uid }));
  const fake = fakeTrpc();
  const kit = liveTestProviders({ trpc: fake.trpc });
  const current: { value: ClassSelection | null } = { value: null };
  function Probe() {
    current.value = useClassSelection();
    return <output aria-label="selected">{current.value.selectedClassId ?? 'none'}</output>;
  }
  render(
    <kit.Providers>
      <SessionProvider>
        <ClassSelectionProvider>
          <Probe />
        </ClassSelectionProvider>
      </SessionProvider>
    </kit.Providers>,
  );
  const mine = async () => {
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    return fake.subscription('classes.mine');
  };
  const select = (classId: string | null) => {
    let result: string | null = null;
    act(() => {
      result = current.value?.select(classId) ?? null;
    });
    return result;
  };
  return { fake, ...kit, mine, select, shown: () => screen.getByLabelText('selected').textContent };
}

beforeEach(() => {
  localStorage.clear();
  takeBufferedEvents();
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('class selection', () => {
  it('selects a ready class, stores it per user and logs class_selected', async () => {
    const { mine, select, shown } = renderSelection('u1');
    await (await mine()).send({ type: 'snapshot', rows: [physics, history], replace: true });

    expect(select('class_hist')).toBe('class_hist');
    expect(shown()).toBe('class_hist');
    expect(localStorage.getItem(selectedClassStorageKey('u1'))).toBe('class_hist');
    expect(bufferedEvents()).toMatchObject([
      {
        event: 'class_selected',
        payload: { uid: 'u1', class_id: 'class_hist', class_name: 'History', role: 'student' },
      },
    ]);

    // Picking the same class again changes nothing and logs nothing more.
    select('class_hist');
    expect(bufferedEvents()).toHaveLength(1);
  });

  it('clears the selection when a pending class is chosen (SPEC §2)', async () => {
    const { mine, select, shown } = renderSelection();
    await (await mine()).send({ type: 'snapshot', rows: [physics, settingUp], replace: true });
    select('class_phys');
    expect(select('class_new')).toBeNull();
    expect(shown()).toBe('none');
    expect(localStorage.getItem(selectedClassStorageKey('u1'))).toBeNull();
    expect(bufferedEvents().map((e) => e.event)).toEqual(['class_selected']);
  });

  it('keeps a stored selection that is still listed, once the list has loaded', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_phys');
    const { mine, shown } = renderSelection();
    await waitFor(() => expect(shown()).toBe('class_phys'));
    await (await mine()).send({ type: 'snapshot', rows: [physics], replace: true });
    expect(shown()).toBe('class_phys');
    expect(bufferedEvents()).toEqual([]);
  });

  it('clears the selection and the error and logs selected_class_not_available when the class leaves', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_phys');
    const { mine, shown, errors } = renderSelection();
    const sub = await mine();
    await sub.send({ type: 'snapshot', rows: [physics, history], replace: true });
    act(() => void errors.report('This is no longer available to you.'));

    await sub.send({ type: 'remove', ids: ['class_phys'] });
    expect(shown()).toBe('none');
    expect(readSelectedClassId('u1')).toBeNull();
    expect(errors.get()).toBeNull();
    expect(bufferedEvents()).toMatchObject([
      {
        event: 'selected_class_not_available',
        payload: {
          uid: 'u1',
          class_id: 'class_phys',
          class_name: 'Physics 101',
          role: 'instructor',
        },
      },
    ]);
  });

  it('clears a stored selection that is not in the list at all', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_gone');
    const { mine, shown } = renderSelection();
    await (await mine()).send({ type: 'snapshot', rows: [physics], replace: true });
    expect(shown()).toBe('none');
    expect(bufferedEvents()).toMatchObject([
      {
        event: 'selected_class_not_available',
        payload: { uid: 'u1', class_id: 'class_gone', class_name: null, role: null },
      },
    ]);
  });

  it('keeps each user their own selection', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_phys');
    const { shown } = renderSelection('u2');
    await waitFor(() => expect(screen.getByLabelText('selected')).toBeDefined());
    expect(shown()).toBe('none');
    expect(localStorage.getItem(selectedClassStorageKey('u1'))).toBe('class_phys');
  });
});

describe('in the app', () => {
  it('resumes the stored class from home, and the "Class" selector switches classes', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_phys');
    fakeAuthServer(sessionFor({ id: 'u1' }));
    const fake = fakeTrpc();
    const { router } = renderApp('/', undefined, { trpc: fake.trpc });
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    await fake
      .subscription('classes.mine')
      .send({ type: 'snapshot', rows: [physics, history, settingUp], replace: true });

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class_phys'));
    expect(await screen.findByRole('heading', { name: 'Physics 101', level: 1 })).toBeDefined();

    const selector = within(screen.getByRole('banner')).getByRole('combobox', { name: 'Class' });
    expect(selector.textContent).toBe('Physics 101');
    fireEvent.mouseDown(selector);
    const listbox = await screen.findByRole('listbox');
    // The pending class is listed, greyed, with why.
    expect(within(listbox).getByRole('option', { name: /New class/ }).textContent).toContain(
      'Setting up…',
    );
    fireEvent.click(within(listbox).getByRole('option', { name: /History/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class_hist'));
    expect(readSelectedClassId('u1')).toBe('class_hist');
    expect(bufferedEvents().at(-1)).toMatchObject({
      event: 'class_selected',
      payload: { class_id: 'class_hist', class_name: 'History', role: 'student' },
    });
    // A student sees no Settings tab.
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Activities' })).toBeDefined();

    // Choosing the pending class clears the selection and shows the list.
    fireEvent.mouseDown(
      within(screen.getByRole('banner')).getByRole('combobox', { name: 'Class' }),
    );
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: /New class/ }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readSelectedClassId('u1')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'My classes', level: 1 })).toBeDefined();
  });

  it('says when the open class is no longer available', async () => {
    fakeAuthServer(sessionFor({ id: 'u1' }));
    const fake = fakeTrpc();
    renderApp('/classes/class_phys', undefined, { trpc: fake.trpc });
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    const mine = fake.subscription('classes.mine');
    await mine.send({ type: 'snapshot', rows: [physics], replace: true });
    expect(await screen.findByRole('heading', { name: 'Physics 101', level: 1 })).toBeDefined();
    await waitFor(() => expect(readSelectedClassId('u1')).toBe('class_phys'));

    await mine.send({ type: 'remove', ids: ['class_phys'] });
    expect(
      await screen.findByRole('heading', { name: 'This class is not available' }),
    ).toBeDefined();
    expect(readSelectedClassId('u1')).toBeNull();
    expect(bufferedEvents().at(-1)?.event).toBe('selected_class_not_available');
  });
});

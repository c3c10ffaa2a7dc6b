import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedClassStorageKey } from '@seminar/shared';
import { bufferedEvents, takeBufferedEvents } from '../../analytics/events';
import { SessionProvider } from '../../auth/session';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeClass } from '../../testing/classFixtures';
import { fakeTrpc, liveTestProviders } from '../../testing/liveTestKit';
import { memoryRouter, RouteTable } from '../../testing/memoryRouter';
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

/** A session of `uid` with an id of its own: each one is a new session start. */
let sessions = 0;
function newSession(uid = 'u1') {
  sessions += 1;
  const payload = sessionFor({ id: uid });
  return { ...payload, session: { ...payload.session, id: `s-${uid}-${sessions}` } };
}

/** The provider under a memory router at `path`, with a probe showing the selection. */
function renderSelection(path: string, uid = 'u1') {
  fakeAuthServer(newSession(uid));
  const fake = fakeTrpc();
  const kit = liveTestProviders({ trpc: fake.trpc });
  const current: { value: ClassSelection | null } = { value: null };
  function Probe() {
    current.value = useClassSelection();
    return (
      <output aria-label="selected">
        {current.value.selectedClass?.class_id ?? current.value.selectedClassId ?? 'none'}
      </output>
    );
  }
  const layout = (
    <ClassSelectionProvider>
      <Probe />
    </ClassSelectionProvider>
  );
  const { router, shell } = memoryRouter([path]);
  const table = [
    { path: '/', element: layout },
    { path: '/classes/:classId', element: layout },
    { path: '/catalogue/:productId?', element: layout },
  ];
  render(
    <kit.Providers>
      <SessionProvider>{shell(<RouteTable routes={table} />)}</SessionProvider>
    </kit.Providers>,
  );
  const mine = async () => {
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    return fake.subscription('classes.mine');
  };
  const go = (to: string) => act(() => void router.navigate(to));
  return {
    fake,
    ...kit,
    router,
    mine,
    go,
    current,
    shown: () => screen.getByLabelText('selected').textContent,
  };
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

describe('class selection (the URL is its source)', () => {
  it('selects the class the URL opens, stores it per user and logs class_selected', async () => {
    const { mine, shown, go } = renderSelection('/classes/class_hist');
    await (await mine()).send({ type: 'snapshot', rows: [physics, history], replace: true });

    expect(shown()).toBe('class_hist');
    await waitFor(() => expect(readSelectedClassId('u1')).toBe('class_hist'));
    expect(bufferedEvents()).toMatchObject([
      {
        event: 'class_selected',
        payload: { uid: 'u1', class_id: 'class_hist', class_name: 'History', role: 'student' },
      },
    ]);

    // Opening the same class again changes nothing and logs nothing more.
    await go('/');
    await go('/classes/class_hist');
    expect(bufferedEvents()).toHaveLength(1);
    // The catalogue's ?class= selects too.
    await go('/catalogue?class=class_phys');
    expect(shown()).toBe('class_phys');
    await waitFor(() => expect(readSelectedClassId('u1')).toBe('class_phys'));
  });

  it('does not select a pending class (SPEC §2)', async () => {
    const { mine } = renderSelection('/classes/class_new');
    await (await mine()).send({ type: 'snapshot', rows: [physics, settingUp], replace: true });
    expect(readSelectedClassId('u1')).toBeNull();
    expect(bufferedEvents()).toEqual([]);
  });

  it('clears the stored selection and the error and logs selected_class_not_available when the class leaves', async () => {
    const { mine, errors } = renderSelection('/classes/class_phys');
    const sub = await mine();
    await sub.send({ type: 'snapshot', rows: [physics, history], replace: true });
    await waitFor(() => expect(readSelectedClassId('u1')).toBe('class_phys'));
    act(() => void errors.report('This is no longer available to you.'));
    takeBufferedEvents();

    await sub.send({ type: 'remove', ids: ['class_phys'] });
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

  it('resumes the stored class once per session start, from "/" only', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_phys');
    const { mine, router, go, current } = renderSelection('/');
    await waitFor(() => expect(current.value?.resuming).toBe(true));
    await (await mine()).send({ type: 'snapshot', rows: [physics, history], replace: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class_phys'));
    expect(current.value?.resuming).toBe(false);

    // "/" again (the logo, "My classes"): My classes, not the class.
    await go('/');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(router.state.location.pathname).toBe('/');
    expect(current.value?.resuming).toBe(false);
  });

  it('clears a stored class that is not in the list when resuming, and says so in analytics', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_gone');
    const { mine, router } = renderSelection('/');
    await (await mine()).send({ type: 'snapshot', rows: [physics], replace: true });
    await waitFor(() => expect(readSelectedClassId('u1')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(bufferedEvents()).toMatchObject([
      {
        event: 'selected_class_not_available',
        payload: { uid: 'u1', class_id: 'class_gone', class_name: null, role: null },
      },
    ]);
  });

  it('keeps each user their own selection', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_phys');
    const { mine, router } = renderSelection('/', 'u2');
    await (await mine()).send({ type: 'snapshot', rows: [physics], replace: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(selectedClassStorageKey('u1'))).toBe('class_phys');
  });
});

describe('in the app', () => {
  /** The app at `path` for u1 (a new session), with my classes loaded. */
  async function openApp(path: string) {
    fakeAuthServer(newSession('u1'));
    const fake = fakeTrpc();
    const { router } = renderApp(path, undefined, { trpc: fake.trpc });
    await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
    await fake
      .subscription('classes.mine')
      .send({ type: 'snapshot', rows: [physics, history, settingUp], replace: true });
    return router;
  }
  const selector = () =>
    within(screen.getByRole('banner')).getByRole('combobox', { name: 'Class' });
  const choose = async (name: string | RegExp) => {
    fireEvent.mouseDown(selector());
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
  };

  it('resumes the stored class once at a session start; the logo then shows My classes', async () => {
    localStorage.setItem(selectedClassStorageKey('u1'), 'class_phys');
    const router = await openApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class_phys'));
    expect(await screen.findByRole('heading', { name: 'Physics 101', level: 1 })).toBeDefined();

    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: /Seminar/ }));
    expect(await screen.findByRole('heading', { name: 'My classes', level: 1 })).toBeDefined();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(router.state.location.pathname).toBe('/');
  });

  it('lists my classes in the Class selector, then "My classes" and "Find a class"', async () => {
    const router = await openApp('/classes/class_phys');
    expect(await screen.findByRole('heading', { name: 'Physics 101', level: 1 })).toBeDefined();
    fireEvent.mouseDown(selector());
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options.slice(-2)).toEqual(['My classes', 'Find a class']);
    // The pending class is listed, greyed, with why.
    expect(within(listbox).getByRole('option', { name: /New class/ }).textContent).toContain(
      'Setting up…',
    );
    fireEvent.click(within(listbox).getByRole('option', { name: /History/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes/class_hist'));
    expect(selector().textContent).toBe('History');
    await waitFor(() => expect(readSelectedClassId('u1')).toBe('class_hist'));
    expect(bufferedEvents().at(-1)).toMatchObject({
      event: 'class_selected',
      payload: { class_id: 'class_hist', class_name: 'History', role: 'student' },
    });
    // A student sees no Settings tab.
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
  });

  it('goes to My classes with "My classes" or a pending class, and to Find a class', async () => {
    const router = await openApp('/classes/class_phys');
    expect(await screen.findByRole('heading', { name: 'Physics 101', level: 1 })).toBeDefined();
    await choose('My classes');
    expect(await screen.findByRole('heading', { name: 'My classes', level: 1 })).toBeDefined();
    expect(router.state.location.pathname).toBe('/');

    await choose('Find a class');
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-classes'));

    await choose(/New class/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'My classes', level: 1 })).toBeDefined();
  });

  it('says when the open class is no longer available', async () => {
    fakeAuthServer(newSession('u1'));
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

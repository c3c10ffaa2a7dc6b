import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthServer, renderApp, sessionFor } from '../testing/authTestKit';
import { makeClass } from '../testing/classFixtures';
import { fakeTrpc } from '../testing/liveTestKit';
import { MAIN_CONTENT_ID } from '../shell/SkipLink';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const physics = makeClass({ class_id: 'class_phys', name: 'Physics 101', my_role: 'instructor' });

/** The app at `path`, signed in, with one class in my classes. */
async function openApp(path: string) {
  fakeAuthServer(sessionFor({ name: 'Lovelace, Ada', email: 'ada@example.edu' }));
  const fake = fakeTrpc();
  const { router } = renderApp(path, undefined, { trpc: fake.trpc });
  await waitFor(() => expect(fake.subscription('classes.mine')).toBeDefined());
  await fake
    .subscription('classes.mine')
    .send({ type: 'snapshot', rows: [physics], replace: true });
  return router;
}

const bar = () => within(screen.getByRole('banner'));

describe('the signed-in app bar', () => {
  it('holds the logo, "AI products", the class selector, colour mode and the account, in order', async () => {
    await openApp('/classes/class_phys');
    await screen.findByRole('heading', { name: 'Physics 101', level: 1 });
    // The class field is a chunk of its own, shown after the page's first content.
    await bar().findByRole('combobox', { name: 'Class' });
    const controls = screen.getByRole('banner').querySelectorAll('a, button, [role="combobox"]');
    const names = Array.from(controls, (element) => element.getAttribute('aria-label') ?? '');
    // On a class page the logo is compact: its name is the app's, the mark alone shows on phones.
    expect(names[0]).toMatch(/Seminar/);
    expect(names[1]).toBe('AI products');
    expect(controls[2]).toBe(bar().getByRole('combobox', { name: 'Class' }));
    expect(names.slice(3)).toEqual(['Colour mode', 'Account']);
  });

  it('links "AI products" to the catalogue of the class in view, and marks it current there', async () => {
    const router = await openApp('/classes/class_phys');
    await screen.findByRole('heading', { name: 'Physics 101', level: 1 });
    const link = bar().getByRole('link', { name: 'AI products' });
    expect(link.getAttribute('href')).toBe('/catalogue?class=class_phys');
    expect(link.getAttribute('aria-current')).toBeNull();

    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalogue'));
    expect(router.state.location.search).toBe('?class=class_phys');
    await waitFor(() =>
      expect(bar().getByRole('link', { name: 'AI products' }).getAttribute('aria-current')).toBe(
        'page',
      ),
    );
  });

  it('leaves a modified click on "AI products" to the browser (a new tab)', async () => {
    const router = await openApp('/classes/class_phys');
    await screen.findByRole('heading', { name: 'Physics 101', level: 1 });
    fireEvent.click(bar().getByRole('link', { name: 'AI products' }), { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/classes/class_phys');
  });

  it('keeps --app-bar-height on the page while the bar is shown (the phone chat’s height)', async () => {
    document.documentElement.style.removeProperty('--app-bar-height');
    await openApp('/classes/class_phys');
    await screen.findByRole('heading', { name: 'Physics 101', level: 1 });
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--app-bar-height')).toMatch(
        /^\d+px$/,
      ),
    );
    cleanup();
    expect(document.documentElement.style.getPropertyValue('--app-bar-height')).toBe('');
  });

  it('puts the page in the main area, the skip link’s target, outside the bar', async () => {
    await openApp('/classes/class_phys');
    const heading = await screen.findByRole('heading', { name: 'Physics 101', level: 1 });
    const main = screen.getByRole('main');
    expect(main.id).toBe(MAIN_CONTENT_ID);
    expect(main.tabIndex).toBe(-1);
    expect(main.contains(heading)).toBe(true);
    expect(screen.getByRole('banner').contains(heading)).toBe(false);
  });
});

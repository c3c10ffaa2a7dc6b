import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '@seminar/shared';
import { fakeAuthServer, renderApp, sessionFor } from '../../testing/authTestKit';
import { makeClass } from '../../testing/classFixtures';
import { fakeTrpc, trpcError } from '../../testing/liveTestKit';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = (changes: Partial<NotificationSettings> = {}): NotificationSettings => ({
  uid: 'u1',
  email_delay: '10m',
  muted_class_ids: [],
  version: 1,
  ...changes,
});

async function openSettings(setUp?: (fake: ReturnType<typeof fakeTrpc>) => void) {
  fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
  const fake = fakeTrpc();
  setUp?.(fake);
  renderApp('/settings/notifications', undefined, { trpc: fake.trpc });
  await screen.findByRole('heading', { name: 'Notification settings', level: 1 });
  await waitFor(() => expect(fake.subscription('notifications.settings')).toBeDefined());
  return fake;
}

/** A click, with what it sets off let run. */
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));

const snapshot = (rows: unknown[]) => ({ type: 'snapshot' as const, rows, replace: true });

describe('Notification settings page', () => {
  it('shows loading, then the delay and the classes; a change is sent and shown at once', async () => {
    const fake = await openSettings();
    // A named progress bar: an aria-label on a span with no role is not allowed (axe caught it
    // in Chromium while the page loaded).
    expect(screen.getByRole('progressbar', { name: 'Loading your settings' })).toBeDefined();
    await fake.subscription('notifications.settings').send(snapshot([settings()]));
    await fake
      .subscription('classes.mine')
      .send(
        snapshot([
          makeClass({ class_id: 'logic', name: 'Logic 101' }),
          makeClass({ class_id: 'art', name: 'Art history' }),
        ]),
      );
    const delay = screen.getByRole('radiogroup', { name: 'E-mail me about missed mentions' });
    expect(within(delay).getByRole('radio', { name: 'After 10 minutes' })).toHaveProperty(
      'checked',
      true,
    );
    fake.on('notifications.update', (input: { email_delay: string }) =>
      settings({ email_delay: input.email_delay as NotificationSettings['email_delay'] }),
    );
    await click(within(delay).getByRole('radio', { name: 'After 1 hour' }));
    expect(within(delay).getByRole('radio', { name: 'After 1 hour' })).toHaveProperty(
      'checked',
      true,
    );
    expect(fake.inputsOf('notifications.update')).toEqual([{ email_delay: '1h' }]);

    const mute = screen.getByRole('switch', { name: 'Mute Logic 101' });
    expect(mute).toHaveProperty('checked', false);
    fake.on('notifications.update', () =>
      settings({ email_delay: '1h', muted_class_ids: ['logic'] }),
    );
    await click(mute);
    expect(fake.inputsOf('notifications.update').at(-1)).toEqual({
      class_id: 'logic',
      muted: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Mute Logic 101' })).toHaveProperty(
        'checked',
        true,
      ),
    );
    expect(screen.getByRole('switch', { name: 'Mute Art history' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('follows a change made in another tab', async () => {
    const fake = await openSettings();
    await fake.subscription('notifications.settings').send(snapshot([settings()]));
    await fake.subscription('notifications.settings').send({
      type: 'upsert',
      rows: [settings({ email_delay: 'off', version: 2 })],
    } as never);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Never' })).toHaveProperty('checked', true),
    );
  });

  it('undoes a refused change and says why', async () => {
    const fake = await openSettings();
    await fake.subscription('notifications.settings').send(snapshot([settings()]));
    fake.on('notifications.update', () => {
      throw trpcError('INTERNAL_SERVER_ERROR', 'Something went wrong on the server.');
    });
    await click(screen.getByRole('radio', { name: 'Never' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('went wrong')),
      ).toBe(true),
    );
    expect(screen.getByRole('radio', { name: 'After 10 minutes' })).toHaveProperty('checked', true);
  });

  it('says so when the settings cannot be loaded', async () => {
    const fake = await openSettings();
    await fake
      .subscription('notifications.settings')
      .fail(trpcError('INTERNAL_SERVER_ERROR', 'Down.'));
    expect(await screen.findByText('This could not be loaded')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('is reached from the account menu', async () => {
    fakeAuthServer(sessionFor({ id: 'u1', name: 'Lovelace, Ada' }));
    const fake = fakeTrpc();
    renderApp('/', undefined, { trpc: fake.trpc });
    await click(await screen.findByRole('button', { name: 'Account' }));
    await click(await screen.findByRole('menuitem', { name: 'Notification settings' }));
    expect(
      await screen.findByRole('heading', { name: 'Notification settings', level: 1 }),
    ).toBeDefined();
  });
});

/** A browser with the Push API, the app's worker registered, and the permission `permission`. */
function stubPushBrowser(options: {
  permission: NotificationPermission;
  subscribe: () => Promise<unknown>;
  existing?: unknown;
}) {
  let current: unknown = options.existing ?? null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = await options.subscribe();
      return current;
    }),
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  const requestPermission = vi.fn(async () => options.permission);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { pushManager, requestPermission };
}

const P256DH = `B${'A'.repeat(86)}`;
const AUTH = 'A'.repeat(22);

describe('Push on this device', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('explains when the browser has no Push API', async () => {
    await openSettings();
    await screen.findByText('This browser cannot receive push notifications.');
    expect(screen.queryByRole('switch', { name: 'Push on this device' })).toBeNull();
  });

  it('asks permission only on the click, subscribes with the server key and tells the server', async () => {
    const browser = stubPushBrowser({
      permission: 'granted',
      subscribe: async () => ({
        endpoint: 'https://push.example/abc',
        toJSON: () => ({
          endpoint: 'https://push.example/abc',
          expirationTime: null,
          keys: { p256dh: P256DH, auth: AUTH },
        }),
      }),
    });
    const fake = await openSettings();
    fake.on('notifications.pushKey', () => ({ public_key: P256DH }));
    fake.on('notifications.pushSubscribe', () => ({ subscribed: true }));
    const toggle = await screen.findByRole('switch', { name: 'Push on this device' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    );
    expect(fake.inputsOf('notifications.pushSubscribe')).toEqual([
      {
        endpoint: 'https://push.example/abc',
        expirationTime: null,
        keys: { p256dh: P256DH, auth: AUTH },
        label: expect.any(String),
      },
    ]);
  });

  it('says so when the browser cannot reach its push service, and stays off', async () => {
    stubPushBrowser({
      permission: 'granted',
      subscribe: () => Promise.reject(new DOMException('Registration failed', 'AbortError')),
    });
    const fake = await openSettings();
    fake.on('notifications.pushKey', () => ({ public_key: P256DH }));
    const toggle = await screen.findByRole('switch', { name: 'Push on this device' });
    await click(toggle);
    await screen.findByText(/could not reach its push service/);
    expect(toggle).toHaveProperty('checked', false);
    expect(fake.inputsOf('notifications.pushSubscribe')).toEqual([]);
  });

  it('says so when the person blocks the permission', async () => {
    stubPushBrowser({ permission: 'denied', subscribe: () => Promise.reject(new Error('no')) });
    const fake = await openSettings();
    fake.on('notifications.pushKey', () => ({ public_key: P256DH }));
    await click(await screen.findByRole('switch', { name: 'Push on this device' }));
    await screen.findByText(/Notifications are blocked for this site/);
  });

  it('drops a subscription made with another server key (the keys changed) and shows off', async () => {
    const unsubscribe = vi.fn(async () => true);
    stubPushBrowser({
      permission: 'granted',
      subscribe: () => Promise.reject(new Error('not asked')),
      existing: {
        endpoint: 'https://push.example/old',
        options: { applicationServerKey: new Uint8Array(65).fill(7).buffer },
        unsubscribe,
        toJSON: () => ({
          endpoint: 'https://push.example/old',
          keys: { p256dh: P256DH, auth: AUTH },
        }),
      },
    });
    const fake = await openSettings((fake) => {
      fake.on('notifications.pushKey', () => ({ public_key: P256DH }));
      fake.on('notifications.pushUnsubscribe', () => ({ unsubscribed: true }));
    });
    const toggle = await screen.findByRole('switch', { name: 'Push on this device' });
    await waitFor(() => expect(unsubscribe).toHaveBeenCalled());
    expect(toggle).toHaveProperty('checked', false);
    expect(fake.inputsOf('notifications.pushUnsubscribe')).toEqual([
      { endpoint: 'https://push.example/old' },
    ]);
    expect(fake.inputsOf('notifications.pushSubscribe')).toEqual([]);
  });
});

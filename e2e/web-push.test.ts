// Journey: Web Push in Chromium (issue 34 part 2, docs/channels.md#web-push). Subscribing needs the
// browser's real push service, which this machine cannot reach: the settings page says so when
// "Push on this device" is turned on. Everything after the subscription is driven here: the
// DevTools protocol hands the app's service worker a push (`ServiceWorker.deliverPushMessage`, as
// the push service would), the notification it shows is read back from the worker, and its click
// opens the channel at the message in the student's tab; a flagged AI exchange's push to an
// instructor is shown in its own words (issue 32). (The server's side — VAPID, encryption,
// who is pushed — is tested against a push service stand-in: apps/server/test/webPush.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import {
  makeRecordId,
  messageLinkPath,
  pushNotificationText,
  type PushPayload,
} from '@seminar/shared';
import { axeViolations, describeViolations } from './support/axe';
import { closeBrowser, launchBrowser } from './support/browser';
import { apiAs, classWithStudents, signUpPerson, type Person } from './support/people';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
  await server?.stop();
});

/** Waits until the app's service worker controls the page, and returns it. */
async function appWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect.poll(() => context.serviceWorkers().length, { timeout: 10_000 }).toBeGreaterThan(0);
  return context.serviceWorkers()[0]!;
}

/**
 * A DevTools session with the ServiceWorker domain on, and the registration id it knows the app's
 * worker by (ServiceWorker.workerRegistrationUpdated).
 */
async function devToolsWorker(
  context: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  const ids: string[] = [];
  const activated = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations)
      if (registration.scopeURL === `${server.url}/` && !registration.isDeleted)
        ids.push(registration.registrationId);
  });
  // A push is handed to an activated version (not one still installing or being replaced).
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const version of event.versions) {
      if (version.status === 'activated') activated.add(version.registrationId);
      else activated.delete(version.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.some((id) => activated.has(id)), { timeout: 15_000 }).toBe(true);
  return { cdp, id: ids.find((id) => activated.has(id))! };
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

const shownNotifications = (worker: Worker) =>
  worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScopeLike;
    return (await scope.registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      data: notification.data as unknown,
    }));
  });

/** What the test uses of the worker's global scope (the DOM typings have none). */
interface ServiceWorkerGlobalScopeLike {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
}

describe('Web Push', () => {
  let teacher: Person;
  let student: Person;
  let classId: string;
  const channelId = makeRecordId('channel', 'push');
  let payload: PushPayload;

  beforeAll(async () => {
    teacher = await signUpPerson(browser, server, 'Curie, Marie', 'marie.push@example.edu');
    student = await signUpPerson(browser, server, 'Turing, Alan', 'alan.push@example.edu');
    classId = await classWithStudents(server, teacher, 'Logic 101', [student]);
    const api = await apiAs(server, teacher);
    try {
      await api.trpc.channels.create.mutate({
        class_id: classId,
        channel_id: channelId,
        name: 'lab',
        is_public: true,
        channel_group: [],
      });
      const sent = await api.trpc.messages.send.mutate({
        id: makeRecordId('msg', teacher.uid),
        class_id: classId,
        channel_id: channelId,
        body: '@channel: Tomorrow’s session moves to room 4',
      });
      const ref = { class_id: classId, channel_id: channelId, message_id: sent.id, seq: sent.seq };
      // What the server would push (the server test checks it makes exactly this).
      payload = {
        v: 1,
        kind: 'mention',
        ...ref,
        channel: 'lab',
        author: 'Marie Curie',
        excerpt: '@channel: Tomorrow’s session moves to room 4',
        path: messageLinkPath(ref),
      };
      // Enough later messages that the pushed one is far above the newest page: the click must
      // open the channel at it, not merely at the channel's end.
      for (let i = 1; i <= 40; i += 1) {
        await api.trpc.messages.send.mutate({
          id: makeRecordId('msg', teacher.uid),
          class_id: classId,
          channel_id: channelId,
          body: `Note ${i}`,
        });
      }
    } finally {
      await api.close();
    }
    await student.context.grantPermissions(['notifications'], { origin: server.url });
  });

  afterAll(async () => {
    await teacher?.context.close();
    await student?.context.close();
  });

  it('says why push cannot be turned on when the browser has no push service to reach', async () => {
    const page = student.page;
    await page.goto(`${server.url}/settings/notifications`);
    await page.getByRole('heading', { name: 'Push notifications', level: 2 }).waitFor();
    await appWorker(student.context, page);
    await page.reload();
    const toggle = page.getByRole('switch', { name: 'Push on this device' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(describeViolations(await axeViolations(page))).toEqual([]);
    // Keyboard: Space turns it on; the browser's subscribe fails without a push service.
    await toggle.focus();
    await page.keyboard.press('Space');
    await page
      .getByRole('alert')
      .filter({ hasText: 'could not reach its push service' })
      .waitFor({ timeout: 30_000 });
    expect(await toggle.isChecked()).toBe(false);
  });

  it('shows a delivered push as a notification whose click opens the channel at the message', async () => {
    const { context, page } = student;
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    const worker = await appWorker(context, page);
    const { cdp, id } = await devToolsWorker(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: id,
      data: JSON.stringify(payload),
    });
    await expect.poll(() => shownNotifications(worker), { timeout: 10_000 }).toHaveLength(1);
    const [shown] = (await shownNotifications(worker)) as Shown[];
    const text = pushNotificationText(payload);
    expect(shown).toEqual({
      title: text.title,
      body: text.body,
      tag: `message:${payload.message_id}`,
      data: { path: payload.path },
    });
    expect(text).toEqual({
      title: '#lab · mentioned you',
      body: 'Marie Curie: @channel: Tomorrow’s session moves to room 4',
    });
    // The same push again replaces the notification (one per message), never adds one.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: id,
      data: JSON.stringify(payload),
    });
    await expect.poll(() => shownNotifications(worker)).toHaveLength(1);

    // The click, as the browser dispatches it: the student's tab opens the channel at the message.
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScopeLike;
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventClass = (
        self as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        }
      ).NotificationEvent;
      scope.dispatchEvent(
        new NotificationEventClass('notificationclick', { notification: notification! }),
      );
    });
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toBe(`/classes/${classId}`);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('channel'), { timeout: 15_000 })
      .toBe(channelId);
    // At the message: its history loaded, the message marked and in view.
    const log = page.getByRole('log', { name: 'Messages' });
    await log
      .locator('[data-focused="true"]', { hasText: 'Tomorrow’s session moves to room 4' })
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(() => log.getByText('Tomorrow’s session moves to room 4').isVisible())
      .toBe(true);
    // The click closed it.
    await expect.poll(() => shownNotifications(worker)).toHaveLength(0);
  });

  it('shows a flagged AI exchange pushed to an instructor in the words the server sent', async () => {
    // What the server pushes for a flag (apps/server/test/agentsFlagPush.test.ts checks it makes
    // exactly this): the activity, the category in words, the review's path.
    const flag: PushPayload = {
      v: 1,
      kind: 'ai_flag',
      class_id: classId,
      channel_id: channelId,
      message_id: 'flag/job_m1_DataAnalystBot',
      seq: 0,
      channel: 'lab',
      author: 'DataAnalystBot',
      excerpt:
        'Personal data (a phone number) in a question to DataAnalystBot. Open the review to handle it.',
      path: `/classes/${classId}/activities/activity_1/review`,
      activity: 'Broad Street pump',
    };
    const { context, page } = teacher;
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'My classes', level: 1 }).waitFor();
    const worker = await appWorker(context, page);
    const { cdp, id } = await devToolsWorker(context, page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: id,
      data: JSON.stringify(flag),
    });
    await expect.poll(() => shownNotifications(worker), { timeout: 10_000 }).toHaveLength(1);
    expect(await shownNotifications(worker)).toEqual([
      {
        title: 'Flagged AI exchange in Broad Street pump',
        body: 'Personal data (a phone number) in a question to DataAnalystBot. Open the review to handle it.',
        tag: 'message:flag/job_m1_DataAnalystBot',
        data: { path: flag.path },
      },
    ]);
  });
});

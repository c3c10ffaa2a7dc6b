// People of the browser journeys: an account signed up (and verified) over HTTP in a browser context
// of its own, which keeps the session cookie, and the real live API as that person.
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TRPCClient } from '@trpc/client';
import { makeRecordId } from '@seminar/shared';
import type { AppRouter } from '../../apps/server/src/router';
import { connectLive } from '../../test-support/liveClient';
import type { RunningServer } from './server';
import { verifyOverHttp } from './verification';

/** The password every journey's accounts use. */
export const PASSWORD = 'correct horse battery staple';

export interface Person {
  context: BrowserContext;
  page: Page;
  uid: string;
  email: string;
}

/** Signs up and verifies `email` through the HTTP API in a fresh desktop-sized browser context. */
export async function signUpPerson(
  browser: Browser,
  server: RunningServer,
  name: string,
  email: string,
): Promise<Person> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    // axe is injected as an inline script, which the app's CSP refuses.
    bypassCSP: true,
  });
  const response = await context.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { Origin: server.url },
    data: { name, email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  await verifyOverHttp(server.url, email);
  const body = (await response.json()) as { user: { id: string } };
  const page = await context.newPage();
  return { context, page, uid: body.user.id, email };
}

/** The real tRPC-over-WebSocket API as this person, from the test process. */
export async function apiAs(server: RunningServer, person: Person) {
  const cookie = (await person.context.cookies(server.url))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const client = connectLive(server.url, { cookie });
  const trpc: TRPCClient<AppRouter> = client.trpc;
  return { trpc, close: () => client.close() };
}

/** A class called `name`, requested by `instructor` over the API, with `students` added; its id. */
export async function classWithStudents(
  server: RunningServer,
  instructor: Person,
  name: string,
  students: readonly Person[],
): Promise<string> {
  const api = await apiAs(server, instructor);
  try {
    const classId = makeRecordId('class', instructor.uid);
    await api.trpc.classes.request.mutate({ pending_class_id: classId, name });
    await api.trpc.classes.addMembers.mutate({
      class_id: classId,
      role: 'student',
      people: students.map((student) => ({ email: student.email, name: '' })),
    });
    return classId;
  } finally {
    await api.close();
  }
}

/**
 * A public channel in the class and an activity on it that uses `productId` (its agents answer
 * there), made by `instructor` through the API; their ids.
 */
export async function activityWithChannel(
  server: RunningServer,
  instructor: Person,
  options: { classId: string; channel: string; title: string; productId: string },
): Promise<{ channelId: string; activityId: string }> {
  const api = await apiAs(server, instructor);
  try {
    const channelId = makeRecordId('channel', instructor.uid);
    await api.trpc.channels.create.mutate({
      channel_id: channelId,
      class_id: options.classId,
      name: options.channel,
      is_public: true,
    });
    const activityId = makeRecordId('activity', instructor.uid);
    await api.trpc.activities.save.mutate({
      activity_id: activityId,
      class_id: options.classId,
      title: options.title,
      product_id: options.productId,
      channel_id: channelId,
    });
    return { channelId, activityId };
  } finally {
    await api.close();
  }
}

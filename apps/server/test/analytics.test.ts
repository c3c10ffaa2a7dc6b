// POST /api/events: the analytics contract (SPEC §7, DESIGN §2) on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { analyticsEvents } from '../src/db/schema';
import { authClient } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { signUpUser, type TestUser } from './fixtures';

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let user: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database);
  user = await signUpUser(made.app, made.config.publicUrl, 'Events, Eve');
});
afterAll(async () => {
  await made.app.close();
  await database.close();
});

const event = (overrides: Record<string, unknown> = {}) => ({
  event: 'class_selected',
  payload: {
    uid: 'someone-else-entirely',
    class_id: 'class_1',
    class_name: 'Physics',
    role: 'student',
  },
  event_variant: 'instructor',
  database_name: 'seminar',
  version: '0.3.0',
  timestamp: Date.now(),
  user_agent: 'Mozilla/5.0',
  timezone: 'America/New_York',
  languages: ['en-US', 'fr'],
  device_memory: 8,
  hardware_concurrency: 4,
  screen_width: 1440,
  screen_height: 900,
  pixel_ratio: 2,
  ...overrides,
});

const post = (payload: unknown, cookie?: string) =>
  made.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

describe(`POST /api/events (${testDatabaseKind})`, () => {
  it('stores a batch with the session’s user, whatever the payload claims', async () => {
    const response = await post(
      [event(), event({ event: 'sign_in', payload: { uid: user.uid } })],
      user.cookie,
    );
    expect(response.statusCode).toBe(202);
    const rows = await database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.uid, user.uid));
    expect(rows.map((row) => row.name).sort()).toEqual(['class_selected', 'sign_in']);
    const selected = rows.find((row) => row.name === 'class_selected')!;
    expect(selected.payload).toMatchObject({
      payload: { uid: user.uid, class_id: 'class_1', class_name: 'Physics', role: 'student' },
      event_variant: 'instructor',
      version: '0.3.0',
      timezone: 'America/New_York',
      languages: ['en-US', 'fr'],
      device_memory: 8,
      hardware_concurrency: 4,
      screen_width: 1440,
      screen_height: 900,
      pixel_ratio: 2,
    });
    expect(
      await database.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.uid, 'someone-else-entirely')),
    ).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    expect((await post([event()])).statusCode).toBe(401);
  });

  it.each([
    ['not an array', event()],
    ['an empty batch', []],
    ['an unknown event', [event({ event: 'bought_coffee' })]],
    ['a missing field', [{ ...event(), screen_width: undefined }]],
    ['an oversized field', [event({ user_agent: 'x'.repeat(5000) })]],
    ['an extra payload key', [event({ payload: { uid: 'u', class_id: 'c', secret: 'x' } })]],
    ['too many events', Array.from({ length: 101 }, () => event())],
  ])('answers 400 for %s and stores nothing', async (_label, body) => {
    const before = await database.db.select().from(analyticsEvents);
    const response = await post(body, user.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
    expect(await database.db.select().from(analyticsEvents)).toHaveLength(before.length);
  });

  it('refuses a body over the size limit', async () => {
    const huge = [event({ languages: Array.from({ length: 50 }, () => 'x'.repeat(50)) })];
    const body = Array.from({ length: 100 }, () => huge[0]);
    const response = await made.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      payload: JSON.stringify(body).padEnd(300 * 1024, ' '),
    });
    expect(response.statusCode).toBe(413);
  });

  it('keeps working for a client whose session cookie came from sign-in', async () => {
    const client = authClient(made.app, made.config.publicUrl);
    expect((await client.signIn(user.email, 'correct horse battery staple')).status).toBe(200);
    expect(
      (await post([event({ event: 'sign_in', payload: { uid: 'x' } })], client.cookie)).statusCode,
    ).toBe(202);
  });
});

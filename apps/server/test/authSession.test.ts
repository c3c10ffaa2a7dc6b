// Sessions over the HTTP contract: the sliding refresh (a session used in its last 5 minutes moves
// forward 7 days, one used earlier does not, an expired one is gone) and the cookie-signing secret
// (AUTH_SECRET, or one made once and shared by every node through the database, auth/secret.ts).
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SESSION_REFRESH_BEFORE_EXPIRY_MS } from '@seminar/shared';
import { authSecret } from '../src/auth/secret';
import { queryRows, type Database } from '../src/db/client';
import { sessions } from '../src/db/schema';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function storedSecrets(): Promise<string[]> {
  const rows = await queryRows<{ value: string }>(
    database.db,
    sql`select value from app_secrets where name = 'auth'`,
  );
  return rows.map((row) => row.value);
}

async function expiryOf(uid: string): Promise<number> {
  const [row] = await database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, uid));
  if (!row) throw new Error('no session');
  return row.expiresAt.getTime();
}

async function expireIn(uid: string, ms: number): Promise<void> {
  await database.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + ms) })
    .where(eq(sessions.userId, uid));
}

const sessionCookie = (setCookies: string[]) =>
  setCookies.find((value) => value.includes('session_token='));

// The secret's tests come first: the file's database has no stored secret until an app starts.
describe(`the cookie-signing secret (${testDatabaseKind})`, () => {
  it('uses AUTH_SECRET when set and stores nothing', async () => {
    const configured = 'a configured secret of at least 32 characters';
    expect(await authSecret(database.db, configured)).toBe(configured);
    expect(await storedSecrets()).toEqual([]);
  });

  it('makes one secret for the installation, the same for nodes that start at once', async () => {
    const secrets = await Promise.all([
      authSecret(database.db, undefined),
      authSecret(database.db, undefined),
      authSecret(database.db, undefined),
    ]);
    expect(new Set(secrets).size).toBe(1);
    // 32 random bytes, base64url.
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await storedSecrets()).toEqual([secrets[0]]);
    // A later start reads the stored one.
    expect(await authSecret(database.db, undefined)).toBe(secrets[0]);
  });

  it('lets a session made on one node be used on another; a node with another secret refuses it', async () => {
    const first = await makeApp(database);
    const second = await makeApp(database);
    const other = await makeApp(database, {
      AUTH_SECRET: 'another installation’s secret, 32+ characters',
    });
    const email = uniqueEmail('nodes');
    const client = authClient(first.app, first.config.publicUrl);
    expect((await client.signUp('Node, Nia', email, GOOD_PASSWORD)).status).toBe(200);

    const onSecond = authClient(second.app, second.config.publicUrl);
    onSecond.cookie = client.cookie;
    expect((await onSecond.session()).body).toMatchObject({ user: { email } });
    const onOther = authClient(other.app, other.config.publicUrl);
    onOther.cookie = client.cookie;
    expect((await onOther.session()).body).toBeNull();
    await Promise.all([first.app.close(), second.app.close(), other.app.close()]);
  });
});

describe(`sliding sessions (${testDatabaseKind})`, () => {
  let made: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    made = await makeApp(database);
  });
  afterAll(async () => {
    await made.app.close();
  });

  async function signedIn(label: string) {
    const client = authClient(made.app, made.config.publicUrl);
    const response = await client.signUp('Slide, Sol', uniqueEmail(label), GOOD_PASSWORD);
    expect(response.status).toBe(200);
    return { client, uid: (response.body as { user: { id: string } }).user.id };
  }

  it('moves a session used in its last 5 minutes forward by 7 days, with a new cookie', async () => {
    const { client, uid } = await signedIn('late');
    await expireIn(uid, SESSION_REFRESH_BEFORE_EXPIRY_MS - MINUTE_MS);
    const before = Date.now();
    const response = await client.session();
    expect(response.body).toMatchObject({ user: { id: uid } });
    expect(await expiryOf(uid)).toBeGreaterThanOrEqual(before + 7 * DAY_MS - MINUTE_MS);
    expect(sessionCookie(response.setCookies)).toMatch(/Max-Age=604800/);
  });

  it('leaves a session used earlier as it is', async () => {
    const { client, uid } = await signedIn('early');
    await expireIn(uid, SESSION_REFRESH_BEFORE_EXPIRY_MS + 5 * MINUTE_MS);
    const expiry = await expiryOf(uid);
    const response = await client.session();
    expect(response.body).toMatchObject({ user: { id: uid } });
    expect(await expiryOf(uid)).toBe(expiry);
    expect(sessionCookie(response.setCookies)).toBeUndefined();
  });

  it('ends a session past its expiry instead of sliding it', async () => {
    const { client, uid } = await signedIn('expired');
    await expireIn(uid, -1_000);
    expect((await client.session()).body).toBeNull();
  });
});

// The bench's data: users through the real sign-up and sign-in HTTP endpoints (every WebSocket gets a
// session cookie of its own), classes, memberships and channels inserted as fixture rows (as
// apps/server/test/fixtures.ts does), and a page of history in every channel.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import {
  appSecrets,
  channels,
  classes,
  classMemberships,
  messages,
  sessions as sessionRows,
} from '../../apps/server/src/db/schema';
import { mapLimit } from './util';

const PASSWORD = 'correct horse battery staple';

export interface BenchUser {
  uid: string;
  email: string;
  name: string;
}

/** One connection's identity: a user and a session of its own. */
export interface BenchSession {
  user: BenchUser;
  cookie: string;
}

/** A room: one channel, the connections subscribed to it. */
export interface Room {
  classId: string;
  channelId: string;
  /** Indexes into the session list. */
  members: number[];
  /** The members who post (default: every member in turn). */
  senders?: number[];
}

export interface Fixture {
  users: BenchUser[];
  sessions: BenchSession[];
  /** Rooms of 30 (fanout, write, memory). */
  rooms: Room[];
  /** Rooms of 300 over the same sessions (fanout-lecture). */
  lectureRooms: Room[];
  /** Rooms of 30 that are post-first case channels, half the students posted (fanout-post-first). */
  caseRooms: Room[];
  timings: { signUpMs: number; signInMs: number; mintMs: number; rowsMs: number };
}

async function postAuth(
  baseUrl: string,
  path: string,
  body: unknown,
): Promise<{ cookie: string; json: unknown }> {
  const response = await fetch(`${baseUrl}/api/auth/${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${path} failed: ${response.status} ${text.slice(0, 200)}`);
  const session = response.headers.getSetCookie().find((value) => value.includes('session_token='));
  if (!session) throw new Error(`${path} set no session cookie`);
  return { cookie: session.split(';')[0] ?? '', json: JSON.parse(text) as unknown };
}

/** Signs `userCount` users up through POST /api/auth/sign-up/email (4 at a time). */
export async function signUpUsers(baseUrl: string, userCount: number): Promise<BenchSession[]> {
  const stamp = Date.now().toString(36);
  return mapLimit(
    Array.from({ length: userCount }, (_, index) => index),
    4,
    async (index) => {
      const name = `Bench User ${index + 1}`;
      const email = `bench.${stamp}.${index + 1}@example.edu`;
      const { cookie, json } = await postAuth(baseUrl, 'sign-up/email', {
        name,
        email,
        password: PASSWORD,
      });
      return { user: { uid: (json as { user: { id: string } }).user.id, email, name }, cookie };
    },
  );
}

/** Signs each of `users` in through POST /api/auth/sign-in/email, round robin, `count` times. */
export function signIn(
  baseUrl: string,
  users: BenchUser[],
  count: number,
): Promise<BenchSession[]> {
  return mapLimit(
    Array.from({ length: count }, (_, index) => index),
    4,
    async (index) => {
      const user = users[index % users.length] as BenchUser;
      const { cookie } = await postAuth(baseUrl, 'sign-in/email', {
        email: user.email,
        password: PASSWORD,
      });
      return { user, cookie };
    },
  );
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A session token like Better Auth's (32 letters and digits). */
function sessionToken(): string {
  return Array.from(randomBytes(32), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}

/** The cookie value Better Auth sets for `token`: token.HMAC-SHA256(secret, token) in base64, URI-encoded. */
function signedCookieValue(token: string, secret: string): string {
  return encodeURIComponent(
    `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`,
  );
}

/**
 * Makes `count` more sessions the way a sign-in does, without its password check: a row in `sessions`
 * (7 days, as the server's own) and the cookie signed with the installation's secret. `template` is a
 * cookie from a real sign-in: its name is reused, and its signature is recomputed first to prove the
 * cookies made here are the ones sign-in would set. Sign-in itself costs ~45 ms of scrypt each.
 */
export async function mintSessions(
  database: Database,
  users: BenchUser[],
  count: number,
  template: string,
): Promise<BenchSession[]> {
  const [secretRow] = await database.db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'auth'));
  if (!secretRow) throw new Error('no auth secret in app_secrets');
  const [name, value = ''] = template.split('=', 2) as [string, string?];
  const [token = ''] = decodeURIComponent(value).split('.');
  if (signedCookieValue(token, secretRow.value) !== value)
    throw new Error(
      'cookie signing does not match the server: sign in over HTTP instead (BENCH_HTTP_SIGN_INS=1)',
    );
  const expiresAt = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  const made = Array.from({ length: count }, (_, index) => ({
    user: users[index % users.length] as BenchUser,
    token: sessionToken(),
  }));
  for (let start = 0; start < made.length; start += 500) {
    await database.db.insert(sessionRows).values(
      made.slice(start, start + 500).map((entry) => ({
        id: randomUUID(),
        token: entry.token,
        userId: entry.user.uid,
        expiresAt,
        ipAddress: '127.0.0.1',
        userAgent: 'seminar-bench',
      })),
    );
  }
  return made.map((entry) => ({
    user: entry.user,
    cookie: `${name}=${signedCookieValue(entry.token, secretRow.value)}`,
  }));
}

/** Opens the bench's own small pool on the (migrated) bench database. */
export function openBenchDatabase(url: string): Promise<Database> {
  return openDatabase({ databaseUrl: url, poolSize: 4 });
}

/**
 * Classes (`classCount`), every user a student of each, and one public channel per room of
 * `roomSize` sessions, spread over the classes. Each channel gets `history` messages, so a
 * subscription's snapshot is a full page as in a channel in use.
 */
export async function createRooms(
  database: Database,
  users: BenchUser[],
  sessionCount: number,
  options: { roomSize: number; classCount: number; history: number; prefix: string },
): Promise<Room[]> {
  const db = database.db;
  const classIds = Array.from(
    { length: options.classCount },
    (_, index) => `${options.prefix}_class_${index + 1}`,
  );
  await db
    .insert(classes)
    .values(classIds.map((classId) => ({ class_id: classId, name: `Bench ${classId}` })));
  await db
    .insert(classMemberships)
    .values(
      classIds.flatMap((classId) =>
        users.map((user) => ({ class_id: classId, uid: user.uid, role: 'student' })),
      ),
    );
  const rooms: Room[] = [];
  for (let start = 0; start < sessionCount; start += options.roomSize) {
    const index = rooms.length;
    rooms.push({
      classId: classIds[index % classIds.length] as string,
      channelId: `${options.prefix}_channel_${index + 1}`,
      members: Array.from(
        { length: Math.min(options.roomSize, sessionCount - start) },
        (_, offset) => start + offset,
      ),
    });
  }
  await db.insert(channels).values(
    rooms.map((room) => ({
      channel_id: room.channelId,
      class_id: room.classId,
      name: room.channelId,
      is_public: true,
      last_seq: options.history,
    })),
  );
  if (options.history > 0) {
    const author = users[0] as BenchUser;
    const rows = rooms.flatMap((room) =>
      Array.from({ length: options.history }, (_, index) => ({
        id: makeRecordId('msg', author.uid),
        class_id: room.classId,
        channel_id: room.channelId,
        seq: index + 1,
        author_uid: author.uid,
        author_name: author.name,
        body: `History message ${index + 1}: a line of about the length people type in class.`,
      })),
    );
    for (let start = 0; start < rows.length; start += 500)
      await db.insert(messages).values(rows.slice(start, start + 500));
  }
  await db.execute(sql`analyze`);
  return rooms;
}

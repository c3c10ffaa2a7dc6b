// A socket whose session ends stops at once: sign-out, password reset, expiry and a site admin's
// disable all end its writes (checked in the write itself) and cut it, even when the client ignores
// the close frame and keeps writing. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeRecordId } from '@seminar/shared';
import { queryRows, type Database } from '../src/db/client';
import { sessions } from '../src/db/schema';
import { userDisabledSetter } from '../src/users/commands';
import { authClient, GOOD_PASSWORD, uniqueEmail } from './authClient';
import { createTestDatabase, testDatabaseKind } from './database';
import { startListening } from './factories';
import { createClassFixture, type TestUser } from './fixtures';
import { openRawSocket, type RawLiveSocket } from './rawSocket';
import { codeFrom, startTestSmtp, type TestSmtp } from './smtp';

let database: Database;
let smtp: TestSmtp;
let server: Awaited<ReturnType<typeof startListening>>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  server = await startListening(database, {
    SMTP_URL: smtp.url,
    LIVE_SESSION_SWEEP_MS: String(60 * 60_000),
  });
});
afterAll(async () => {
  await server.app.close();
  await smtp.close();
  await database.close();
});

interface Writer {
  user: TestUser;
  auth: ReturnType<typeof authClient>;
  classId: string;
  channelId: string;
  socket: RawLiveSocket;
}

async function writer(label: string): Promise<Writer> {
  const auth = authClient(server.app, server.url);
  const email = uniqueEmail(label);
  const response = await auth.signUp('Writer, Wanda', email, GOOD_PASSWORD);
  expect(response.status).toBe(200);
  const uid = (response.body as { user: { id: string } }).user.id;
  const user: TestUser = {
    uid,
    email,
    displayName: 'Writer, Wanda',
    emailVerified: false,
    cookie: auth.cookie ?? '',
  };
  const { classId, channelIds } = await createClassFixture(database.db, {
    members: [{ user, role: 'student' }],
  });
  const socket = await openRawSocket(server.url, { origin: server.url, cookie: user.cookie });
  return { user, auth, classId, channelId: channelIds[0]!, socket };
}

let nextRequest = 1;
function sendMessage(w: Writer, body: string): number {
  const id = nextRequest++;
  w.socket.send({
    t: 'm',
    id,
    p: 'messages.send',
    i: { id: makeRecordId('msg', w.user.uid), class_id: w.classId, channel_id: w.channelId, body },
  });
  return id;
}

async function count(classId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from messages where class_id = ${classId}`,
  );
  return row?.n ?? 0;
}

/**
 * Writes once (accepted), ends the session with `end`, then keeps writing as a client that ignores
 * the close frame would (each write once the last is answered, or not answered) until the server
 * drops the socket: nothing more is written. Only the end itself can cut it: the node's session
 * sweep is off (LIVE_SESSION_SWEEP_MS of an hour), so no timer does the work. How soon it is cut is
 * latency, measured in bench/, not here.
 */
async function expectRevoked(w: Writer, end: () => Promise<void>): Promise<void> {
  const first = sendMessage(w, 'before');
  await w.socket.waitFor((frame) => (frame as { id?: number }).id === first);
  expect(await count(w.classId)).toBe(1);

  await end();
  let writes = 0;
  while (!w.socket.isEnded()) {
    const id = sendMessage(w, 'after');
    writes += 1;
    // A revoked socket answers nothing: this ends with the answer, or with the socket.
    await w.socket.waitFor((frame) => (frame as { id?: number }).id === id).catch(() => undefined);
  }
  expect(writes).toBeGreaterThan(0);
  expect(await count(w.classId)).toBe(1);
}

describe(`revoked sockets (${testDatabaseKind})`, () => {
  it('stops a socket whose user signs out (elsewhere), even if it ignores the close frame', async () => {
    const w = await writer('signout');
    await expectRevoked(w, async () => {
      expect((await w.auth.signOut()).status).toBe(200);
    });
    expect(w.socket.closeCodes).toContain(4401);
  });

  it('stops a socket whose password is reset', async () => {
    const w = await writer('reset');
    await expectRevoked(w, async () => {
      const requester = authClient(server.app, server.url);
      expect((await requester.requestReset(w.user.email)).status).toBe(200);
      const code = codeFrom(await smtp.nextMailTo(w.user.email, undefined, 'reset code'));
      expect((await requester.reset(w.user.email, code, 'a brand new passphrase')).status).toBe(
        200,
      );
    });
    expect(w.socket.closeCodes).toContain(4401);
  });

  it('stops a socket whose user is disabled', async () => {
    const w = await writer('disabled');
    await expectRevoked(w, async () => {
      expect(await userDisabledSetter(database.db, w.user.uid, true)).toBe(true);
    });
    expect(w.socket.closeCodes).toContain(4403);
  });

  it('stops a socket whose session expired at its next write', async () => {
    const w = await writer('expired');
    await expectRevoked(w, async () => {
      await database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(sessions.userId, w.user.uid));
    });
    expect(w.socket.closeCodes).toContain(4401);
  });

  it('refuses other writes too once the session is gone (checked before each mutation)', async () => {
    const w = await writer('other-writes');
    await database.db.delete(sessions).where(eq(sessions.userId, w.user.uid));
    const id = nextRequest++;
    w.socket.send({
      t: 'm',
      id,
      p: 'channels.notify',
      i: { class_id: w.classId, channel_id: w.channelId, type: 'user_online' },
    });
    const answer = (await w.socket.waitFor((frame) => (frame as { id?: number }).id === id)) as {
      e?: { data: { code: string } };
    };
    expect(answer.e?.data.code).toBe('UNAUTHORIZED');
    await w.socket.ended;
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from channel_notifications where from_uid = ${w.user.uid}`,
    );
    expect(row?.n).toBe(0);
  });
});

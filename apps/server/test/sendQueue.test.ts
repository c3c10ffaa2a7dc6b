// The send path with group commit: concurrent sends become few statements and few NOTIFYs, yet each
// caller gets its own row or its own error, seqs stay gap-free in send order, a retried id gets the
// row its first attempt made; and the statement's access rule is SPEC §4's, case by case, as
// `canSeeChannel` decides it. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  canSeeChannel,
  channelGroupEmail,
  makeRecordId,
  type Message,
  type MessageInput,
  type Role,
} from '@seminar/shared';
import { queryRows, type Database } from '../src/db/client';
import { channels, channelUsers, classes, classMemberships, messages } from '../src/db/schema';
import type { LiveSession } from '../src/live/trpc';
import type { Services } from '../src/services';
import { createTestDatabase, testDatabaseKind } from './database';
import { makeApp } from './factories';
import { createClassFixture, signUpUser, type TestUser } from './fixtures';

let database: Database;
let made: Awaited<ReturnType<typeof makeApp>>;
let services: Services;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  made = await makeApp(database);
  services = made.runtime.services!;
  alice = await signUpUser(made.app, made.config.publicUrl, 'Alice, Ada');
  bob = await signUpUser(made.app, made.config.publicUrl, 'Bob, Boole');
  outsider = await signUpUser(made.app, made.config.publicUrl, 'Outsider, Otto');
});
afterAll(async () => {
  await made.app.close();
  await database.close();
});

const input = (user: TestUser, classId: string, channelId: string, body: string, id?: string) =>
  ({
    id: id ?? makeRecordId('msg', user.uid),
    class_id: classId,
    channel_id: channelId,
    body,
  }) satisfies MessageInput;

const send = (user: TestUser, message: MessageInput, session: LiveSession | null = null) =>
  services.sendQueue.send(user, message, session);

async function seqs(channelId: string): Promise<number[]> {
  const rows = await database.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(eq(messages.channel_id, channelId))
    .orderBy(messages.seq);
  return rows.map((row) => row.seq);
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? 'error',
  );

describe(`group commit (${testDatabaseKind})`, () => {
  it('gathers concurrent sends into a few statements, each with one NOTIFY', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: alice, role: 'student' }],
    });
    const channelId = channelIds[0]!;
    const payloads: string[] = [];
    const stop = await database.listen('seminar_live', (payload) => {
      if (payload.includes(channelId)) payloads.push(payload);
    });
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        send(alice, input(alice, classId, channelId, `m${index}`)),
      ),
    );
    const announcedIds = () =>
      payloads.flatMap(
        (payload) =>
          (JSON.parse(payload) as { l: Array<{ t: string; i: string[] }> }).l.find(
            (notice) => notice.t === 'messages.live',
          )?.i ?? [],
      );
    // Every send is announced; wait for the last announcement rather than for a while.
    await expect.poll(() => announcedIds().length, { timeout: 5_000 }).toBe(40);
    await stop();
    // In the order they were sent, gap-free.
    expect(sent.map((message) => message.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(sent.map((message) => message.body)).toEqual(
      Array.from({ length: 40 }, (_, i) => `m${i}`),
    );
    expect(await seqs(channelId)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // One statement per batch, one NOTIFY per statement: far fewer than 40.
    expect(payloads.length).toBeLessThanOrEqual(4);
    expect(announcedIds()).toEqual(sent.map((message) => message.id));
  });

  it('answers each caller of one batch on its own: rows, refusals, conflicts and retries', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [
        { user: alice, role: 'student' },
        { user: bob, role: 'instructor' },
      ],
      channels: [
        { name: 'open', is_public: true },
        { name: 'closed', is_public: true, enabled: false },
      ],
    });
    const [open, closed] = channelIds as [string, string];
    const earlier = await send(alice, input(alice, classId, open, 'earlier'));
    const bobsId = makeRecordId('msg', bob.uid);
    await send(bob, input(bob, classId, open, 'bob first', bobsId));
    const twice = makeRecordId('msg', alice.uid);
    const outcomes = await Promise.all([
      codeOf(send(alice, input(alice, classId, open, 'fine'))),
      codeOf(send(outsider, input(outsider, classId, open, 'intrusion'))),
      codeOf(send(bob, input(bob, classId, closed, 'into a disabled channel'))),
      codeOf(send(alice, input(alice, classId, open, 'hijack', bobsId))),
      send(alice, input(alice, classId, open, 'earlier', earlier.id)),
      send(alice, input(alice, classId, open, 'twice', twice)),
      send(alice, input(alice, classId, open, 'twice', twice)),
      codeOf(send(alice, input(alice, 'no_such_class', open, 'lost'))),
    ]);
    expect(outcomes.slice(0, 4)).toEqual(['ok', 'NOT_FOUND', 'FORBIDDEN', 'CONFLICT']);
    const [, , , , retried, first, second, lost] = outcomes as [
      unknown,
      unknown,
      unknown,
      unknown,
      Message,
      Message,
      Message,
      string,
    ];
    expect(retried).toMatchObject({ id: earlier.id, seq: earlier.seq, body: 'earlier' });
    expect(second).toMatchObject({ id: first.id, seq: first.seq });
    expect(lost).toBe('NOT_FOUND');
    // earlier, bob first, fine, twice: nothing else was written, and no seq was skipped.
    expect(await seqs(open)).toEqual([1, 2, 3, 4]);
    expect(await seqs(closed)).toEqual([]);
  });

  it('refuses a send whose session has ended, writes nothing, and ends the socket', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: alice, role: 'student' }],
    });
    let ended = 0;
    const gone: LiveSession = {
      sessionId: 'no-such-session',
      requireLive: () => Promise.resolve(),
      end: () => {
        ended += 1;
      },
      hold: () => undefined,
      unhold: () => undefined,
    };
    expect(await codeOf(send(alice, input(alice, classId, channelIds[0]!, 'late'), gone))).toBe(
      'UNAUTHORIZED',
    );
    expect(ended).toBe(1);
    expect(await seqs(channelIds[0]!)).toEqual([]);
  });
});

/**
 * The send statement decides access in SQL; the web and the live topics decide it with the shared
 * `canSeeChannel`. Both must say the same for every kind of viewer and channel.
 */
describe(`the send statement's access rule is canSeeChannel's (${testDatabaseKind})`, () => {
  type ChannelCase = {
    name: string;
    is_public: boolean;
    enabled: boolean;
    deleted: boolean;
    enrolled: boolean;
    group: string[];
  };
  const channelCases: ChannelCase[] = [
    { name: 'public', is_public: true, enabled: true, deleted: false, enrolled: false, group: [] },
    {
      name: 'private',
      is_public: false,
      enabled: true,
      deleted: false,
      enrolled: false,
      group: [],
    },
    {
      name: 'enrolled',
      is_public: false,
      enabled: true,
      deleted: false,
      enrolled: true,
      group: [],
    },
    {
      name: 'team',
      is_public: false,
      enabled: true,
      deleted: false,
      enrolled: false,
      group: ['TEAM'],
    },
    {
      name: 'other team',
      is_public: false,
      enabled: true,
      deleted: false,
      enrolled: false,
      group: ['someone@example.edu'],
    },
    {
      name: 'disabled',
      is_public: true,
      enabled: false,
      deleted: false,
      enrolled: true,
      group: [],
    },
    { name: 'deleted', is_public: true, enabled: true, deleted: true, enrolled: true, group: [] },
  ];
  const roles: Array<Role | 'none' | 'disabled member'> = [
    'instructor',
    'admin',
    'student',
    'none',
    'disabled member',
  ];

  for (const role of roles)
    for (const channel of channelCases)
      for (const verified of [true, false])
        it(`${role} × ${channel.name}${verified ? '' : ' × unverified e-mail'}`, async () => {
          // An unverified address matches no channel_group, in the statement as in canSeeChannel.
          const viewer: TestUser = { ...alice, emailVerified: verified };
          const classId = makeRecordId(
            'class',
            `${role}-${channel.name}-${verified}`.replace(/\W/g, '-'),
          );
          const channelId = makeRecordId('channel', viewer.uid);
          await database.db.insert(classes).values({ class_id: classId, name: 'Parity' });
          if (role !== 'none')
            await database.db.insert(classMemberships).values({
              class_id: classId,
              uid: viewer.uid,
              role: role === 'disabled member' ? 'student' : role,
              enabled: role !== 'disabled member',
            });
          const group = channel.group.map((entry) =>
            entry === 'TEAM' ? `  ${viewer.email.toUpperCase()} ` : entry,
          );
          await database.db.insert(channels).values({
            channel_id: channelId,
            class_id: classId,
            name: channel.name,
            is_public: channel.is_public,
            enabled: channel.enabled,
            deleted: channel.deleted,
            channel_group: group,
          });
          if (channel.enrolled)
            await database.db
              .insert(channelUsers)
              .values({ class_id: classId, channel_id: channelId, uid: viewer.uid });

          const activeRole: Role | null =
            role === 'none' || role === 'disabled member' ? null : role;
          const sees = canSeeChannel(
            { channel_id: channelId, ...channel, channel_group: group },
            {
              role: activeRole,
              email: channelGroupEmail(viewer),
              enrolledChannelIds: new Set(channel.enrolled ? [channelId] : []),
            },
          );
          const expected = !sees ? 'NOT_FOUND' : channel.enabled ? 'ok' : 'FORBIDDEN';
          expect(await codeOf(send(viewer, input(viewer, classId, channelId, 'parity')))).toBe(
            expected,
          );
          const [row] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from messages where channel_id = ${channelId}`,
          );
          expect(row?.n).toBe(expected === 'ok' ? 1 : 0);
        });

  it('a deleted class lets nobody post', async () => {
    const { classId, channelIds } = await createClassFixture(database.db, {
      members: [{ user: alice, role: 'instructor' }],
    });
    await database.db.update(classes).set({ deleted: true }).where(eq(classes.class_id, classId));
    expect(await codeOf(send(alice, input(alice, classId, channelIds[0]!, 'gone')))).toBe(
      'NOT_FOUND',
    );
    expect(await seqs(channelIds[0]!)).toEqual([]);
  });
});

// The join storm's fixture and its plain-SQL baseline, written once for both databases: on
// PostgreSQL the bench process runs them (its own pool), on PGlite the server child does (only one
// process may open an embedded database). Docs: bench/README.md#join-storm--benchjoinstormts
import { makeRecordId } from '@seminar/shared';
import type { Database } from '../../apps/server/src/db/client';
import {
  channels,
  classes,
  classMemberships,
  messages,
  users,
} from '../../apps/server/src/db/schema';
import { mintSessions, type BenchSession, type BenchUser } from './fixtures';

/** Messages already in the storm's channel: one page, so each snapshot is full. */
export const STORM_HISTORY = 25;

export interface StormFixture {
  classId: string;
  channelId: string;
  newestId: string;
  sessions: BenchSession[];
}

/** What one join took: ms from the storm's start until the newest message was in, and until done. */
export interface Join {
  newest: number;
  done: number;
}

/** Runs one raw statement (a pg pool's or an embedded database's). */
export type RunSql = (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * A class of `students` (distinct users, each with a session minted like `template`, a cookie the
 * server set) and one channel with a page of history.
 */
export async function seedStorm(
  database: Database,
  students: number,
  template: string,
): Promise<StormFixture> {
  const db = database.db;
  const stamp = Date.now().toString(36);
  const classId = `storm_class_${stamp}`;
  const channelId = `storm_channel_${stamp}`;
  const people: BenchUser[] = Array.from({ length: students }, (_, index) => ({
    uid: `storm_${stamp}_${index}`,
    email: `storm.${stamp}.${index}@bench.seminar.test`,
    name: `Student ${index}, Storm`,
  }));
  for (let start = 0; start < people.length; start += 500)
    await db.insert(users).values(
      people.slice(start, start + 500).map((user) => ({
        id: user.uid,
        name: user.name,
        email: user.email,
        emailVerified: true,
      })),
    );
  await db.insert(classes).values({ class_id: classId, name: 'Storm 101' });
  await db
    .insert(classMemberships)
    .values(people.map((user) => ({ class_id: classId, uid: user.uid, role: 'student' })));
  await db.insert(channels).values({
    channel_id: channelId,
    class_id: classId,
    name: 'lecture',
    is_public: true,
    last_seq: STORM_HISTORY,
  });
  const author = people[0] as BenchUser;
  const history = Array.from({ length: STORM_HISTORY }, (_, index) => ({
    id: makeRecordId('msg', `${author.uid}${index}`),
    class_id: classId,
    channel_id: channelId,
    seq: index + 1,
    author_uid: author.uid,
    author_name: author.name,
    body: `Before the lecture ${index + 1}: a line of about the length people type in class.`,
  }));
  await db.insert(messages).values(history);
  const sessions = await mintSessions(database, people, students, template);
  return { classId, channelId, newestId: history.at(-1)?.id ?? '', sessions };
}

/** The session token inside a signed cookie (`name=token.signature`). */
export function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.split('=', 2)[1] ?? '').split('.')[0] ?? '';
}

/** One join as plain SQL: the session, then classes, channels, the page, notices and the presence write. */
export async function joinBaseline(
  run: RunSql,
  fixture: Pick<StormFixture, 'classId' | 'channelId' | 'newestId'>,
  token: string,
  start: number,
): Promise<Join> {
  const session = await run(
    `select s.user_id, u.name, u.email from sessions s join users u on u.id = s.user_id
      where s.token = $1 and s.expires_at > now()`,
    [token],
  );
  const uid = String(session[0]?.user_id ?? '');
  const reads = await Promise.all([
    run(
      `select c.* from classes c join class_memberships m on m.class_id = c.class_id
        where m.uid = $1 and not m.deleted and not c.deleted`,
      [uid],
    ),
    run(`select * from channels where class_id = $1 and not deleted`, [fixture.classId]),
    run(`select * from messages where channel_id = $1 order by seq desc limit 25`, [
      fixture.channelId,
    ]),
    run(`select * from channel_notifications where channel_id = $1 and not deleted`, [
      fixture.channelId,
    ]),
    run(
      `insert into channel_notifications (class_id, channel_id, from_uid, type, created_at, deleted, version)
       values ($1, $2, $3, 'user_online', now(), false, nextval('live_version'))
       on conflict (channel_id, from_uid, type)
       do update set created_at = now(), deleted = false, version = nextval('live_version')`,
      [fixture.classId, fixture.channelId, uid],
    ),
  ]);
  const newest = reads[2].some((row) => row.id === fixture.newestId)
    ? performance.now() - start
    : 0;
  return { newest, done: performance.now() - start };
}

/** Every join of the baseline at once; the CPU this process spent on them (µs). */
export async function stormBaseline(
  run: RunSql,
  fixture: StormFixture,
): Promise<{ joins: Join[]; cpuMicros: number }> {
  const before = process.cpuUsage();
  const start = performance.now();
  const joins = await Promise.all(
    fixture.sessions.map((session) => joinBaseline(run, fixture, tokenOf(session.cookie), start)),
  );
  const used = process.cpuUsage(before);
  return { joins, cpuMicros: used.user + used.system };
}

// The rooms of `fanout-post-first` (docs/phases.md, docs/realtime.md#lenses): the same 1,000
// connections in rooms of 30, each room the case channel of an activity whose post-first phase is
// running, with half of the room's students having already posted in the phase (they read through
// the plain lens, the other half through the hidden one: two encodings per change instead of one,
// and a shape per row). The posters are the class's instructors (one user in six), whose posts
// every student sees, so every connection is owed every message as in plain `fanout`.
import { eq, sql } from 'drizzle-orm';
import { makeRecordId, type Phase } from '@seminar/shared';
import type { Database } from '../../apps/server/src/db/client';
import { activities, channels, classMemberships, messages } from '../../apps/server/src/db/schema';
import type { BenchSession, BenchUser, Room } from './fixtures';

const PHASE: Phase = {
  id: 'think',
  kind: 'individual_post_first',
  title: 'Think alone',
  timer_seconds: null,
  at_zero: 'end',
};

/** Users who are instructors of the case classes (and post): one in six. */
const isStaff = (userIndex: number) => userIndex % 6 === 0;

/**
 * Makes `rooms` (made by createRooms with `history` messages each) post-first case channels: staff
 * memberships, one running activity per room starting after the history, and a post in the phase
 * by every other non-staff student of the room. Returns the rooms with their senders (staff).
 */
export async function preparePostFirstRooms(
  database: Database,
  users: BenchUser[],
  sessions: BenchSession[],
  rooms: Room[],
  history: number,
): Promise<Room[]> {
  const db = database.db;
  const userIndex = new Map(users.map((user, index) => [user.uid, index]));
  const classIds = [...new Set(rooms.map((room) => room.classId))];
  await db
    .insert(classMemberships)
    .values(
      classIds.flatMap((classId) =>
        users.flatMap((user, index) =>
          isStaff(index) ? [{ class_id: classId, uid: user.uid, role: 'instructor' }] : [],
        ),
      ),
    );
  const prepared: Room[] = [];
  const posts: Array<typeof messages.$inferInsert> = [];
  for (const room of rooms) {
    const uids = [...new Set(room.members.map((member) => sessions[member]?.user.uid ?? ''))];
    const students = uids.filter((uid) => !isStaff(userIndex.get(uid) ?? 0));
    const posted = students.filter((_, index) => index % 2 === 0);
    posted.forEach((uid, index) => {
      const user = users[userIndex.get(uid) ?? 0] as BenchUser;
      posts.push({
        id: makeRecordId('msg', uid),
        class_id: room.classId,
        channel_id: room.channelId,
        seq: history + index + 1,
        author_uid: uid,
        author_name: user.name,
        body: 'My first take, posted before the bench began.',
      });
    });
    await db
      .update(channels)
      .set({ last_seq: history + posted.length })
      .where(eq(channels.channel_id, room.channelId));
    await db.insert(activities).values({
      activity_id: `act_${room.channelId}`,
      class_id: room.classId,
      title: `Case ${room.channelId}`,
      channel_id: room.channelId,
      phases: [PHASE],
      phase_state: 'running',
      phase_index: 0,
      phase_started_at: new Date(),
      phase_start_seq: history,
    });
    const senders = room.members.filter((member) =>
      isStaff(userIndex.get(sessions[member]?.user.uid ?? '') ?? 1),
    );
    if (senders.length === 0) throw new Error(`room ${room.channelId} has no instructor to post`);
    prepared.push({ ...room, senders });
  }
  for (let start = 0; start < posts.length; start += 500)
    await db.insert(messages).values(posts.slice(start, start + 500));
  await db.execute(sql`analyze`);
  return prepared;
}

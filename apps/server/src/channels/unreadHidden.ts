// Docs: docs/phases.md#unread-counts — a channel list's unread count leaves out the posts a
// post-first phase hides from the viewer. The list's access reads, per channel, how many unread
// posts are hidden from this viewer (with `hiddenByPhaseSql`, the rule of history and search) and
// how many student posts the phase had then; each later change of the channel's row carries the
// phase's count afresh (one statement per change, shared by every list on the node), and the
// difference is what was hidden since. So no read per viewer per message, and none at all for a
// channel without a post-first phase in force.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { postFirstPhaseSql } from '../messages/phaseAccess';

/** The post-first phase in force in a case channel, as a change of its row carries it. */
export interface PostFirstCount {
  /** The phase's start (`phase_start_seq`): tells phases apart. */
  startSeq: number;
  /** Posts of the phase a student who has not posted cannot see (`postFirstPhaseSql`). */
  posts: number;
}

/** What a viewer who has not posted in a channel's post-first phase had hidden when their list was read. */
export interface HiddenAtRead extends PostFirstCount {
  /** Unread posts (after their last read one) hidden from them then. */
  hidden: number;
}

/** The phase's count for each of `channelIds` that has a post-first phase in force (one statement). */
export async function postFirstCounts(
  db: Db,
  channelIds: readonly string[],
): Promise<Map<string, PostFirstCount>> {
  if (channelIds.length === 0) return new Map();
  const rows = await queryRows<{
    channel_id: string;
    start_seq: string | number;
    posts: string | number;
  }>(
    db,
    sql`select c.channel_id, p.start_seq, p.posts from channels c
      join lateral (${postFirstPhaseSql('c.channel_id', 'c.class_id')}) p on true
      where c.channel_id in (${sql.join(
        channelIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(
    rows.map((row) => [
      row.channel_id,
      { startSeq: Number(row.start_seq), posts: Number(row.posts) },
    ]),
  );
}

/**
 * How many of a channel's unread messages are hidden from the viewer now: what was hidden when
 * their list was read plus the phase's posts since. None when they were not hidden then (staff,
 * posted, no such phase) or the phase is no longer the one they were hidden in (a phase change
 * re-reads every list of the class; until then nothing is left out).
 */
export function hiddenUnread(
  atRead: HiddenAtRead | undefined,
  now: PostFirstCount | undefined,
): number {
  if (!atRead || !now || now.startSeq !== atRead.startSeq) return 0;
  return Math.max(0, atRead.hidden + now.posts - atRead.posts);
}

// Docs: docs/realtime.md#ordered-streams-messages — the live stream of a channel's messages.
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  decodeStreamCursor,
  documentIdSchema,
  MESSAGE_PAGE_SIZE,
  MESSAGE_RANGE_MAX,
  type Message,
  type StreamCursor,
  textSchema,
} from '@seminar/shared';
import { queryRows, type Db } from '../db/client';
import { messages } from '../db/schema';
import { FRAME_BUDGET_BYTES } from '../live/subscriber';
import type { StreamSnapshot, StreamTopic } from '../live/topic';
import {
  hiddenByPhaseSql,
  messageColumns,
  messageFor,
  messageVisibleTo,
  pseudonymsFor,
  type MessageAccess,
} from './phaseAccess';
import { presentMessage } from './presenters';
import { fromSqlRow, messageColumnList, type MessageSqlRow } from './rows';
import { messageScoped } from '../channels/topicScopes';

/**
 * A resume further behind than this starts over: the newest page, sent as a replacing snapshot so
 * the client drops what it had instead of showing a gap.
 */
export const MAX_RESUME_ROWS = 1_000;

/** `messages.live`: a channel, and where a resuming client left off (`lastEventId`, a cursor). */
export const messagesLiveInputSchema = z.object({
  class_id: documentIdSchema,
  channel_id: documentIdSchema,
  lastEventId: textSchema().max(40).nullish(),
});
export type MessagesLiveInput = z.infer<typeof messagesLiveInputSchema>;

/** Does a phase hide classmates' posts from this viewer now? */
const hiddenLens = (access: MessageAccess) =>
  access.phase?.kind === 'individual_post_first' && !access.staff && !access.posted;

/** Not hidden from the viewer by a phase (docs/phases.md), over the `messages` table. */
const shownTo = (access: MessageAccess) =>
  sql`not ${hiddenByPhaseSql(messageColumns('"messages"'), access.uid, access.staff)}`;

/** The newest page of a channel the viewer sees (before `beforeSeq` when given), oldest first. */
export async function newestMessages(
  db: Db,
  access: MessageAccess,
  beforeSeq?: number,
): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.channel_id, access.channelId),
        beforeSeq === undefined ? undefined : lt(messages.seq, beforeSeq),
        shownTo(access),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(MESSAGE_PAGE_SIZE);
  return rows.reverse().map((row) => messageFor(access, presentMessage(row)));
}

/**
 * The messages of a channel with `fromSeq` ≤ seq < `beforeSeq`, oldest first — or, when they would
 * not fit in one frame (FRAME_BUDGET_BYTES), the newest of them that do (at least one): the client
 * asks again for what lies before the oldest it got.
 */
export async function messageRange(
  db: Db,
  access: MessageAccess,
  fromSeq: number,
  beforeSeq: number,
): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.channel_id, access.channelId),
        gte(messages.seq, fromSeq),
        lt(messages.seq, beforeSeq),
        shownTo(access),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(MESSAGE_RANGE_MAX);
  const found: Message[] = [];
  let bytes = 0;
  for (const row of rows) {
    const message = messageFor(access, presentMessage(row));
    bytes += Buffer.byteLength(JSON.stringify(message)) + 1;
    if (found.length > 0 && bytes > FRAME_BUDGET_BYTES) break;
    found.push(message);
  }
  return found.reverse();
}

type SnapshotRow = Partial<MessageSqlRow> & { floor: string | number; last_seq?: string | number };

function messagesOf(access: MessageAccess, rows: SnapshotRow[]): Message[] {
  return rows
    .filter((row): row is SnapshotRow & MessageSqlRow => row.id !== null && row.id !== undefined)
    .map((row) => messageFor(access, presentMessage(fromSqlRow(row))));
}

/** Every declared column (not the search's tsvector): the snapshot's rows. */
const MESSAGE_COLUMNS = messageColumnList('mm');

/**
 * A stream snapshot, read in one statement so the rows and the floor (the channel's highest message
 * version) agree: the newest page, or — resuming — everything after the cursor, unless that is more
 * than MAX_RESUME_ROWS behind (then the newest page, replacing).
 */
async function readSnapshot(
  db: Db,
  access: MessageAccess,
  cursor: StreamCursor | null,
): Promise<StreamSnapshot<Message>> {
  const { channelId } = access;
  // What a phase hides from this viewer is not in the snapshot (the floor still covers it: the
  // viewer is owed no hidden row, and a reveal sends a fresh snapshot, docs/phases.md).
  const hidden = hiddenByPhaseSql(messageColumns('mm'), access.uid, access.staff);
  if (cursor) {
    const rows = await queryRows<SnapshotRow>(
      db,
      sql`select m.*, f.floor, f.last_seq from
        (select coalesce(max(version), 0) as floor,
          (select last_seq from channels where channel_id = ${channelId}) as last_seq
          from messages where channel_id = ${channelId}) f
        left join lateral (select ${sql.raw(MESSAGE_COLUMNS)} from messages mm where mm.channel_id = ${channelId}
          and (mm.seq > ${cursor.seq} or mm.version > ${cursor.version}) and not ${hidden}
          order by mm.seq limit ${MAX_RESUME_ROWS + 1}) m on true`,
    );
    const [first] = rows;
    const behind = Number(first?.last_seq ?? 0) - cursor.seq;
    if (first && rows.length <= MAX_RESUME_ROWS && behind <= MAX_RESUME_ROWS) {
      const found = messagesOf(access, rows);
      return {
        rows: found,
        replace: false,
        floor: Number(first.floor),
        seq: Math.max(cursor.seq, ...found.map((row) => row.seq)),
      };
    }
  }
  const rows = await queryRows<SnapshotRow>(
    db,
    sql`select m.*, f.floor from
      (select coalesce(max(version), 0) as floor from messages where channel_id = ${channelId}) f
      left join lateral (select ${sql.raw(MESSAGE_COLUMNS)} from messages mm where mm.channel_id = ${channelId}
        and not ${hidden} order by mm.seq desc limit ${MESSAGE_PAGE_SIZE}) m on true`,
  );
  const found = messagesOf(access, rows).sort((a, b) => a.seq - b.seq);
  return {
    rows: found,
    replace: true,
    floor: Number(rows[0]?.floor ?? 0),
    seq: found.at(-1)?.seq ?? 0,
  };
}

/**
 * SPEC §7 (messages of a channel): the newest 25, then every new, edited or deleted message — in
 * an activity's case channel, as the phase in force lets the viewer see them (docs/phases.md).
 */
export const messagesTopic: StreamTopic<MessagesLiveInput, Message, MessageAccess> = {
  name: 'messages.live',
  kind: 'stream',
  input: messagesLiveInputSchema,
  ...messageScoped,
  snapshot: (services, _viewer, input, access, fresh) =>
    readSnapshot(
      services.database.db,
      access,
      fresh ? null : decodeStreamCursor(input.lastEventId),
    ),
  // Staff, students outside a post-first phase and students who posted in it see every row: the
  // plain lens (''), one shared frame. Students who have not posted share one lens per phase
  // start: it drops classmates' posts of the phase (their own first post reveals them, below), and
  // their cursors stay at the phase start, so a resume after a reveal offline re-reads the phase.
  // In an anonymous activity's case channel students get pseudonyms (docs/activities.md#anonymity):
  // their lenses end in ':anon' ('anon' alone when no phase hides posts), and shape replaces the
  // authors from the row itself (the pseudonym it was sent with) — still no read per delivery.
  lens: (access) => {
    const phase = hiddenLens(access) ? `hidden:${access.phase?.startSeq ?? 0}` : '';
    if (pseudonymsFor(access) === null) return phase;
    return phase === '' ? 'anon' : `${phase}:anon`;
  },
  capSeq: (access) => (hiddenLens(access) ? (access.phase?.startSeq ?? 0) : null),
  shape: (row, access) => (messageVisibleTo(access, row) ? messageFor(access, row) : null),
  reveal(access, rows) {
    if (access.phase?.kind !== 'individual_post_first' || access.staff || access.posted)
      return null;
    const start = access.phase.startSeq;
    return rows.some((row) => row.author_uid === access.uid && row.seq > start)
      ? { ...access, posted: true }
      : null;
  },
  async since(services, key, version, limit) {
    const rows = await services.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.channel_id, key), sql`${messages.version} > ${version}`))
      .orderBy(messages.seq)
      .limit(limit + 1);
    return rows.length > limit ? null : rows.map(presentMessage);
  },
  async load(services, key, ids) {
    const rows = await services.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.channel_id, key), inArray(messages.id, ids)))
      .orderBy(messages.seq);
    return rows.map(presentMessage);
  },
  id: (row) => row.id,
  seq: (row) => row.seq,
  version: (row) => row.version,
};

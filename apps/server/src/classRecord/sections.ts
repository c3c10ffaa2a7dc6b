// Docs: docs/classes.md#export — the class's record as a list of sections, one JSON-lines file each.
// Each reads its table in keyset pages over an index (never one result of every row, never an
// OFFSET), so an export of any size holds one page at a time. A table added to the class's data
// (e.g. the debrief's grades) is one more entry in RECORD_SECTIONS.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { messageColumnList } from '../messages/rows';

/** A message as stored, as the export writes it: its declared columns, not the search's tsvector. */
const EXPORTED_MESSAGE_COLUMNS = messageColumnList('messages');

/** Rows per keyset page. */
export const RECORD_PAGE_ROWS = 500;

/** What a section reads from. */
export interface SectionContext {
  db: Db;
  classId: string;
}

/** One JSON-lines file of the archive. */
export interface RecordSection {
  /** The file's name in the archive. */
  file: string;
  /** Its lines (JSON texts, no newline), in a stable order. */
  lines(context: SectionContext): AsyncIterable<string>;
}

/** A page row: `k` is the keyset key (text), `line` the JSON text made by PostgreSQL. */
interface PageRow {
  k: string;
  line: string;
}

/**
 * Every row of a keyset-paged query: `page(after)` selects `k` and `line` where the key is past
 * `after` (null: from the start), ordered by the key, at most RECORD_PAGE_ROWS.
 */
async function* keyset(db: Db, page: (after: string | null) => SQL): AsyncGenerator<string> {
  let after: string | null = null;
  for (;;) {
    const rows: PageRow[] = await queryRows<PageRow>(db, page(after));
    for (const row of rows) yield row.line;
    if (rows.length < RECORD_PAGE_ROWS) return;
    after = rows[rows.length - 1]!.k;
  }
}

/** The class's channels' ids (deleted ones too: the record keeps what is stored). */
export async function channelIdsOf(db: Db, classId: string): Promise<string[]> {
  const rows = await queryRows<{ channel_id: string }>(
    db,
    sql`select channel_id from channels where class_id = ${classId} order by channel_id`,
  );
  return rows.map((row) => row.channel_id);
}

/** The class's activities' ids. */
async function activityIdsOf(db: Db, classId: string): Promise<string[]> {
  const rows = await queryRows<{ activity_id: string }>(
    db,
    sql`select activity_id from activities where class_id = ${classId} order by activity_id`,
  );
  return rows.map((row) => row.activity_id);
}

/** A per-channel section: `page(channelId, after)` for each channel of the class in turn. */
function perChannel(file: string, page: (channelId: string, after: string | null) => SQL) {
  return {
    file,
    async *lines({ db, classId }: SectionContext) {
      for (const channelId of await channelIdsOf(db, classId))
        yield* keyset(db, (after) => page(channelId, after));
    },
  } satisfies RecordSection;
}

const limit = sql.raw(String(RECORD_PAGE_ROWS));

/** The seq key of a message page (text, compared as bigint). */
const afterSeq = (after: string | null) => sql`${after ?? '0'}::bigint`;

/**
 * The sections, in the archive's order. class.json comes first and manifest.json last (written by
 * the exporter); attachments.jsonl and the files under files/ come from `attachmentRefs`.
 */
export const RECORD_SECTIONS: readonly RecordSection[] = [
  {
    file: 'roster.jsonl',
    lines: ({ db, classId }) =>
      keyset(
        db,
        (after) => sql`select m.role || ' ' || m.uid as k,
          (to_jsonb(m) || jsonb_build_object('name', u.name, 'email', u.email))::text as line
        from class_memberships m left join users u on u.id = m.uid
        where m.class_id = ${classId} and m.role || ' ' || m.uid > ${after ?? ''}
        order by m.role || ' ' || m.uid limit ${limit}`,
      ),
  },
  {
    file: 'invitations.jsonl',
    lines: ({ db, classId }) =>
      keyset(
        db,
        (after) => sql`select i.email || ' ' || i.role as k, to_jsonb(i)::text as line
        from class_invitations i
        where i.class_id = ${classId} and i.email || ' ' || i.role > ${after ?? ''}
        order by i.email || ' ' || i.role limit ${limit}`,
      ),
  },
  {
    file: 'activities.jsonl',
    lines: ({ db, classId }) =>
      keyset(
        db,
        (after) => sql`select a.activity_id as k, to_jsonb(a)::text as line from activities a
        where a.class_id = ${classId} and a.activity_id > ${after ?? ''}
        order by a.activity_id limit ${limit}`,
      ),
  },
  {
    file: 'channels.jsonl',
    lines: ({ db, classId }) =>
      keyset(
        db,
        (after) => sql`select c.channel_id as k, to_jsonb(c)::text as line from channels c
        where c.class_id = ${classId} and c.channel_id > ${after ?? ''}
        order by c.channel_id limit ${limit}`,
      ),
  },
  perChannel(
    'channel_members.jsonl',
    (channelId, after) => sql`select u.uid as k, to_jsonb(u)::text as line from channel_users u
      where u.channel_id = ${channelId} and u.uid > ${after ?? ''}
      order by u.uid limit ${limit}`,
  ),
  // Every message as stored: deleted ones (body kept, `deleted` true), edits (`edited_at`), agents'
  // replies (`ai`), reactions and the files' {id, name, type, size}.
  // The page is chosen first and only its rows are turned into JSON: a plan that reads the channel's
  // later rows before sorting (stale statistics) then costs a sort of keys, not a JSON per row.
  perChannel(
    'messages.jsonl',
    (channelId, after) => sql`select m.seq::text as k, to_jsonb(m)::text as line from (
        select ${sql.raw(EXPORTED_MESSAGE_COLUMNS)} from messages
        where channel_id = ${channelId} and seq > ${afterSeq(after)}
        order by seq limit ${limit}) m
      order by m.seq`,
  ),
  // One line per reaction: {message_id, channel_id, emoji, uid}. A page row holds a message's
  // reactions as lines joined by newlines (JSON text never holds a raw newline).
  {
    file: 'reactions.jsonl',
    async *lines(context) {
      const messages = perChannel(
        'reactions.jsonl',
        (channelId, after) => sql`select m.seq::text as k,
            (select string_agg(jsonb_build_object('message_id', m.id, 'channel_id', m.channel_id,
                'emoji', r.value ->> 'emoji', 'uid', u.value)::text, chr(10))
              from jsonb_array_elements(m.reactions) r,
                jsonb_array_elements_text(r.value -> 'uids') u) as line
          from messages m
          where m.channel_id = ${channelId} and m.seq > ${afterSeq(after)}
            and m.reactions <> '[]'::jsonb
          order by m.seq limit ${limit}`,
      );
      for await (const joined of messages.lines(context)) if (joined) yield* joined.split('\n');
    },
  },
  // Polls with their counts per option; the salt that keys an anonymous poll's ballots is not in.
  perChannel(
    'polls.jsonl',
    (channelId, after) => sql`select p.id as k,
        ((to_jsonb(p) - 'ballot_salt') || jsonb_build_object(
          'ballots', (select count(*) from poll_ballots b where b.poll_id = p.id),
          'counts', (select coalesce(jsonb_object_agg(c.choice, c.n), '{}'::jsonb) from (
            select x.choice, count(*) as n from poll_ballots b, unnest(b.choice) as x(choice)
            where b.poll_id = p.id group by x.choice) c)))::text as line
      from polls p where p.channel_id = ${channelId} and p.id > ${after ?? ''}
      order by p.id limit ${limit}`,
  ),
  // Who chose what, in named polls only: an anonymous poll's ballots are counts in polls.jsonl.
  perChannel(
    'poll_votes.jsonl',
    (channelId, after) => sql`select b.poll_id || ' ' || b.voter as k,
        jsonb_build_object('poll_id', b.poll_id, 'uid', b.voter, 'choice', to_jsonb(b.choice))::text
          as line
      from poll_ballots b join polls p on p.id = b.poll_id
      where p.channel_id = ${channelId} and not p.anonymous
        and b.poll_id || ' ' || b.voter > ${after ?? ''}
      order by b.poll_id || ' ' || b.voter limit ${limit}`,
  ),
  perChannel(
    'pins.jsonl',
    (channelId, after) => sql`select p.message_id as k, to_jsonb(p)::text as line
      from message_pins p where p.channel_id = ${channelId} and p.message_id > ${after ?? ''}
      order by p.message_id limit ${limit}`,
  ),
  // The debrief (docs/debrief.md): each activity's rubric, its grades (one line per student
  // graded) and its AI summary with the citations kept.
  {
    file: 'rubrics.jsonl',
    lines: ({ db, classId }) =>
      keyset(
        db,
        (after) => sql`select r.activity_id as k, to_jsonb(r)::text as line from debrief_rubrics r
        where r.class_id = ${classId} and r.activity_id > ${after ?? ''}
        order by r.activity_id limit ${limit}`,
      ),
  },
  {
    file: 'grades.jsonl',
    lines: ({ db, classId }) =>
      keyset(
        db,
        (after) => sql`select g.activity_id || ' ' || g.uid as k, to_jsonb(g)::text as line
        from debrief_grades g
        where g.class_id = ${classId} and g.activity_id || ' ' || g.uid > ${after ?? ''}
        order by g.activity_id || ' ' || g.uid limit ${limit}`,
      ),
  },
  {
    file: 'summaries.jsonl',
    lines: ({ db, classId }) =>
      keyset(
        db,
        (after) => sql`select s.activity_id as k, to_jsonb(s)::text as line from debrief_summaries s
        where s.class_id = ${classId} and s.activity_id > ${after ?? ''}
        order by s.activity_id limit ${limit}`,
      ),
  },
  // What each agent was asked and how it went (the reply itself is in messages.jsonl, `reply_id`).
  {
    file: 'agent_exchanges.jsonl',
    async *lines({ db, classId }) {
      for (const activityId of await activityIdsOf(db, classId))
        yield* keyset(
          db,
          (after) => sql`select j.job_id as k,
              (to_jsonb(j) - 'worker' - 'lease_until')::text as line
            from ai_jobs j where j.activity_id = ${activityId} and j.job_id > ${after ?? ''}
            order by j.job_id limit ${limit}`,
        );
    },
  },
];

/** An attachment of the record: its row without the bytes. */
export interface AttachmentRef {
  id: string;
  message_id: string | null;
  activity_id: string | null;
  channel_id: string;
  uploader_uid: string;
  name: string;
  content_type: string;
  size: number;
  object_key: string | null;
  created_at: string;
}

const refColumns = sql.raw(`a.id, a.message_id, a.activity_id, a.channel_id, a.uploader_uid,
  a.name, a.content_type, a.size, a.object_key, a.created_at::text as created_at`);

/**
 * The attachments of the class that are on something — a message or a case brief (uploads still
 * pending are nobody's record) — found through the messages' and briefs' lists of files, so each
 * read is a primary-key probe; pages of messages with files, in each channel's order.
 */
export async function* attachmentRefs({
  db,
  classId,
}: SectionContext): AsyncGenerator<AttachmentRef> {
  for (const channelId of await channelIdsOf(db, classId)) {
    let after = '0';
    for (;;) {
      const page = await queryRows<{ k: string; ids: string[] }>(
        db,
        sql`select m.seq::text as k,
            array(select x ->> 'id' from jsonb_array_elements(m.attachments) x) as ids
          from messages m
          where m.channel_id = ${channelId} and m.seq > ${after}::bigint
            and m.attachments <> '[]'::jsonb
          order by m.seq limit ${limit}`,
      );
      const ids = page.flatMap((row) => row.ids);
      if (ids.length > 0) yield* await refsByIds(db, classId, ids);
      if (page.length < RECORD_PAGE_ROWS) break;
      after = page[page.length - 1]!.k;
    }
  }
  for (const activityId of await activityIdsOf(db, classId)) {
    const [row] = await queryRows<{ ids: string[] }>(
      db,
      sql`select array(select x ->> 'id' from jsonb_array_elements(a.brief_attachments) x) as ids
        from activities a where a.activity_id = ${activityId}`,
    );
    if (row && row.ids.length > 0) yield* await refsByIds(db, classId, row.ids);
  }
}

async function refsByIds(db: Db, classId: string, ids: string[]): Promise<AttachmentRef[]> {
  const rows = await queryRows<AttachmentRef>(
    db,
    sql`select ${refColumns} from attachments a
      where a.id = any(${sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`}) and a.class_id = ${classId}
      order by a.id`,
  );
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

// Docs: docs/debrief.md#figures — an activity's participation figures, one SQL statement over the
// case channel's indexes (one pass over its messages grouped by author, not a read per student),
// and its unanswered questions (the pure rule of packages/shared over the messages that can ask or
// answer).
import { sql, type SQL } from 'drizzle-orm';
import { unansweredQuestions, type DebriefMessage } from '@seminar/shared';
import { ACTIVE_MEMBERSHIP_SQL } from '../classes/access';
import { queryRows, type Db } from '../db/client';
import type { DebriefAccess } from './access';

/** A student's figures as the statement returns them (names and e-mails not yet shaped). */
export interface FigureRow {
  uid: string;
  name: string;
  email: string;
  messages: number;
  words: number;
  replies: number;
  mentions_received: number;
  reactions_received: number;
  poll_votes: number;
  agent_questions: number;
  phases: string[];
  first_post: Date | string | null;
  last_post: Date | string | null;
}

/**
 * A reply: a message that mentions someone other than its author, or quotes (a `>` line; the cheap
 * `strpos` first, so the pattern runs only on bodies that have a `>`).
 */
const REPLY_SQL = `((m.mentions <> '{}'::text[] and not m.mentions <@ array[m.author_uid]) or (strpos(m.body, '>') > 0 and m.body ~ '(^|\\n)[ \\t]*>'))`;

interface PhaseStart {
  phase_id: string | null;
  title: string | null;
  start_seq: number;
}

/**
 * The figures of the class's active students in the activity (of `onlyUid` alone when given: a
 * student's own row). One pass over the case channel's messages grouped by author and phase — the
 * phase of a post is `width_bucket(seq, starts)`, a binary search in the few phase starts, not a
 * join — with the words counted when the message was written (`messages.word_count`, migration
 * 0019); beside it small grouped reads: mentions received (the partial index
 * `messages_mentions_idx`), named ballots (`polls_channel_id_idx`), agent questions
 * (`ai_jobs_activity_idx`). A student's own row reads only their messages
 * (`messages_channel_author_idx`).
 */
export async function participationFigures(
  db: Db,
  access: Pick<DebriefAccess, 'classId' | 'activityId' | 'channelId'>,
  onlyUid?: string,
): Promise<FigureRow[]> {
  const starts = await queryRows<PhaseStart>(
    db,
    sql`select phase_id, title, start_seq::int as start_seq from activity_phase_log
      where activity_id = ${access.activityId} order by start_seq, id`,
  );
  // PostgreSQL's JIT compiles a plan this size in about 2 s — ten times the query itself (bench/
  // participation.ts) — so it is off for this one transaction (`set local`); PGlite has no JIT.
  // The grouping's sort of a 50,000-message channel takes about 2.6 MB more than the default 4 MB
  // work_mem leaves it and spilled to disk: 16 MB, for this one statement only.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '16MB'`);
    return queryRows<FigureRow & { buckets: number[] | null }>(
      tx,
      participationStatement(access, starts, onlyUid),
    );
  });
  return rows.map(({ buckets, ...row }) => ({ ...row, phases: phaseTitles(starts, buckets) }));
}

/**
 * The statement of participationFigures, given the activity's phase starts (exported so a test
 * can check its plan reads messages through the case channel's indexes, never the whole table).
 */
export function participationStatement(
  access: Pick<DebriefAccess, 'classId' | 'activityId' | 'channelId'>,
  starts: readonly Pick<PhaseStart, 'start_seq'>[],
  onlyUid?: string,
): SQL {
  const channel = access.channelId ?? '';
  const oneStudent = onlyUid === undefined ? sql`true` : sql`m.uid = ${onlyUid}`;
  const oneAuthor = onlyUid === undefined ? sql`true` : sql`m.author_uid = ${onlyUid}`;
  // A post belongs to the phase whose start it comes after: bucket i (1-based) is starts[i - 1].
  const thresholds = `{${starts.map((start) => Number(start.start_seq) + 1).join(',')}}`;
  return sql`with students as (
    select m.uid, u.name, u.email
    from class_memberships m join classes k on k.class_id = m.class_id join users u on u.id = m.uid
    where m.class_id = ${access.classId} and m.role = 'student' and ${sql.raw(ACTIVE_MEMBERSHIP_SQL)}
      and ${oneStudent}
  ), by_phase as (
    -- Per message first, behind an optimization fence (offset 0): the grouping then sorts
    -- narrow rows (an author, a phase, a few numbers), not bodies (50,000 rows: 5.4 MB, which
    -- at the default work_mem still spills to disk: bench/README.md, "participation").
    select uid, bucket, count(*) as messages, sum(words) as words,
      count(*) filter (where reply) as replies, sum(reacted) as reactions_received,
      min(at) as first_post, max(at) as last_post
    from (
      select m.author_uid as uid, width_bucket(m.seq, ${thresholds}::bigint[]) as bucket,
        m.word_count as words, ${sql.raw(REPLY_SQL)} as reply,
        case when m.reactions = '[]'::jsonb then 0 else (
          select count(*) from jsonb_array_elements(m.reactions) r,
            jsonb_array_elements_text(r -> 'uids') x(uid) where x.uid <> m.author_uid) end
          as reacted,
        m.created_at as at
      from messages m where m.channel_id = ${channel} and not m.deleted and ${oneAuthor}
      offset 0
    ) per_message
    group by uid, bucket
  ), posts as (
    select uid, sum(messages)::int as messages, coalesce(sum(words), 0)::int as words,
      sum(replies)::int as replies, coalesce(sum(reactions_received), 0)::int as reactions_received,
      min(first_post) as first_post, max(last_post) as last_post,
      array_agg(bucket order by bucket) filter (where bucket > 0) as buckets
    from by_phase group by uid
  ), mentioned as (
    select x.uid, count(*)::int as n
    from messages m, unnest(m.mentions) x(uid)
    where m.channel_id = ${channel} and not m.deleted and m.mentions <> '{}'::text[]
      and x.uid <> m.author_uid
    group by x.uid
  ), votes as (
    select b.voter as uid, count(*)::int as n
    from polls p join messages pm on pm.id = p.id join poll_ballots b on b.poll_id = p.id
    where p.channel_id = ${channel} and not p.anonymous and not pm.deleted
    group by b.voter
  ), asked as (
    select j.author_uid as uid, count(distinct j.message_id)::int as n
    from ai_jobs j where j.activity_id = ${access.activityId}
    group by j.author_uid
  )
  select s.uid, s.name, s.email,
    coalesce(p.messages, 0) as messages, coalesce(p.words, 0) as words,
    coalesce(p.replies, 0) as replies, coalesce(me.n, 0) as mentions_received,
    coalesce(p.reactions_received, 0) as reactions_received, coalesce(v.n, 0) as poll_votes,
    coalesce(a.n, 0) as agent_questions, p.buckets, p.first_post, p.last_post
  from students s
    left join posts p on p.uid = s.uid
    left join mentioned me on me.uid = s.uid
    left join votes v on v.uid = s.uid
    left join asked a on a.uid = s.uid
  order by s.name, s.uid`;
}

/** The titles of the phases of `buckets`, each phase once, in the order first posted in. */
function phaseTitles(starts: readonly PhaseStart[], buckets: readonly number[] | null): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const bucket of buckets ?? []) {
    const start = starts[Number(bucket) - 1];
    if (!start?.phase_id || seen.has(start.phase_id)) continue;
    seen.add(start.phase_id);
    titles.push(start.title ?? '');
  }
  return titles;
}

/** The unanswered questions listed at most (the newest). */
export const UNANSWERED_MAX = 500;

interface CandidateRow extends DebriefMessage {
  channel_id: string;
  author_name: string;
  created_at: Date | string;
}

/**
 * The students' questions in the activity that no later message answers (packages/shared
 * `unansweredQuestions`). Only messages that can ask (a `?`) or answer (a mention or a quote) are
 * read; every other message can do neither, so the answer is the same as over all of them.
 */
export async function unansweredOf(
  db: Db,
  access: Pick<DebriefAccess, 'classId' | 'channelId'>,
): Promise<CandidateRow[]> {
  if (access.channelId === null) return [];
  const [candidates, students] = await Promise.all([
    queryRows<CandidateRow>(
      db,
      sql`select m.id, m.channel_id, m.seq::int as seq, m.author_uid, m.author_name, m.body,
          m.mentions, m.created_at
        from messages m
        where m.channel_id = ${access.channelId} and not m.deleted
          and (strpos(m.body, '?') > 0 or strpos(m.body, '？') > 0 or m.mentions <> '{}'::text[]
            or m.body ~ '(^|\\n)[ \\t]*>')
        order by m.seq`,
    ),
    queryRows<{ uid: string }>(
      db,
      sql`select m.uid from class_memberships m join classes k on k.class_id = m.class_id
        where m.class_id = ${access.classId} and m.role = 'student' and ${sql.raw(ACTIVE_MEMBERSHIP_SQL)}`,
    ),
  ]);
  const studentIds = new Set(students.map((row) => row.uid));
  return unansweredQuestions(candidates, (uid) => studentIds.has(uid)).slice(-UNANSWERED_MAX);
}

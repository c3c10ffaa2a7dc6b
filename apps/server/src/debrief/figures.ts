// Docs: docs/debrief.md#figures — an activity's participation figures, one SQL statement over the
// case channel's indexes (one pass over its messages grouped by author, not a read per student),
// and its unanswered questions (the pure rule of packages/shared over the messages that can ask or
// answer).
import { sql } from 'drizzle-orm';
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

/** A reply: a message that mentions someone other than its author, or quotes (a `>` line). */
const REPLY_SQL = `((m.mentions <> '{}'::text[] and not m.mentions <@ array[m.author_uid]) or m.body ~ '(^|\\n)[ \\t]*>')`;

/**
 * The figures of the class's active students in the activity (of `onlyUid` alone when given: a
 * student's own row). Every part is grouped by author over the case channel: `messages_channel_author_idx`
 * for a single student, the mentions' partial index for mentions received, `polls_channel_id_idx`
 * and `ai_jobs_activity_idx` for votes and agent questions, the phase log for phases.
 */
export async function participationFigures(
  db: Db,
  access: Pick<DebriefAccess, 'classId' | 'activityId' | 'channelId'>,
  onlyUid?: string,
): Promise<FigureRow[]> {
  const channel = access.channelId ?? '';
  const oneStudent = onlyUid === undefined ? sql`true` : sql`m.uid = ${onlyUid}`;
  const oneAuthor = onlyUid === undefined ? sql`true` : sql`m.author_uid = ${onlyUid}`;
  return queryRows<FigureRow>(
    db,
    sql`with students as (
      select m.uid, u.name, u.email
      from class_memberships m join classes k on k.class_id = m.class_id join users u on u.id = m.uid
      where m.class_id = ${access.classId} and m.role = 'student' and ${sql.raw(ACTIVE_MEMBERSHIP_SQL)}
        and ${oneStudent}
    ), posts as (
      select m.author_uid as uid, count(*)::int as messages,
        coalesce(sum(regexp_count(m.body, '\\S+')), 0)::int as words,
        (count(*) filter (where ${sql.raw(REPLY_SQL)}))::int as replies,
        coalesce(sum(case when m.reactions = '[]'::jsonb then 0 else (
          select count(*) from jsonb_array_elements(m.reactions) r,
            jsonb_array_elements_text(r -> 'uids') x(uid) where x.uid <> m.author_uid) end), 0)::int
          as reactions_received,
        min(m.created_at) as first_post, max(m.created_at) as last_post
      from messages m where m.channel_id = ${channel} and not m.deleted and ${oneAuthor}
      group by m.author_uid
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
    ), ranges as (
      select l.phase_id, l.title, l.start_seq,
        lead(l.start_seq) over (order by l.start_seq, l.id) as end_seq
      from activity_phase_log l where l.activity_id = ${access.activityId}
    ), phased as (
      select uid, array_agg(title order by first_start) as phases from (
        select m.author_uid as uid, r.phase_id, min(r.title) as title, min(r.start_seq) as first_start
        from messages m join ranges r
          on m.seq > r.start_seq and (r.end_seq is null or m.seq <= r.end_seq)
        where m.channel_id = ${channel} and not m.deleted and r.phase_id is not null and ${oneAuthor}
        group by m.author_uid, r.phase_id
      ) per_phase group by uid
    )
    select s.uid, s.name, s.email,
      coalesce(p.messages, 0) as messages, coalesce(p.words, 0) as words,
      coalesce(p.replies, 0) as replies, coalesce(me.n, 0) as mentions_received,
      coalesce(p.reactions_received, 0) as reactions_received, coalesce(v.n, 0) as poll_votes,
      coalesce(a.n, 0) as agent_questions, coalesce(ph.phases, '{}'::text[]) as phases,
      p.first_post, p.last_post
    from students s
      left join posts p on p.uid = s.uid
      left join mentioned me on me.uid = s.uid
      left join votes v on v.uid = s.uid
      left join asked a on a.uid = s.uid
      left join phased ph on ph.uid = s.uid
    order by s.name, s.uid`,
  );
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

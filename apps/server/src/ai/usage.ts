// Docs: docs/ai.md#usage-budget-and-rate-limit — what an activity's agents have used, per activity
// and per person, from the jobs table (each job records its answer, analyses and tokens).
import { sql } from 'drizzle-orm';
import {
  AGENT_EXCHANGES_MAX,
  type ActivityAgentUsage,
  type AgentExchange,
  type MessageAi,
  type ModerationCategory,
} from '@seminar/shared';
import { queryRows, type Db } from '../db/client';
import type { ClaimedJob } from './jobs';

type Count = number | string;

/**
 * The triggers by the job's author in its activity in the minute before it (the job itself not
 * counted; skipped and refused ones neither), and whether they were told of the limit in it.
 */
export async function recentTriggers(
  db: Db,
  job: ClaimedJob,
): Promise<{ count: number; told: boolean }> {
  const [row] = await queryRows<{ count: Count; told: Count }>(
    db,
    sql`select count(*) filter (where j.status not in ('skipped', 'refused')) as count,
        count(*) filter (where j.status = 'refused' and j.error like 'rate:%'
          and j.reply_id is not null) as told
      from ai_jobs j, (select created_at from ai_jobs where job_id = ${job.job_id}) me
      where j.activity_id = ${job.activity_id} and j.author_uid = ${job.author_uid}
        and j.created_at > me.created_at - interval '60 seconds'
        and (j.created_at, j.job_id) < (me.created_at, ${job.job_id})`,
  );
  return { count: Number(row?.count ?? 0), told: Number(row?.told ?? 0) > 0 };
}

/** An activity's usage per person and in all (instructors' view). */
export async function activityUsage(
  db: Db,
  activityId: string,
  budget: { answers: number | null; tokens: number | null },
): Promise<ActivityAgentUsage> {
  const rows = await queryRows<{
    uid: string;
    name: string | null;
    answers: Count;
    analyses: Count;
    input_tokens: Count;
    output_tokens: Count;
    refused: Count;
    failed: Count;
    last_at: Date | string;
  }>(
    db,
    sql`select j.author_uid as uid, max(m.author_name) as name,
        count(*) filter (where j.status = 'done') as answers,
        coalesce(sum(j.analyses), 0) as analyses,
        coalesce(sum(j.input_tokens), 0) as input_tokens,
        coalesce(sum(j.output_tokens), 0) as output_tokens,
        count(*) filter (where j.status = 'refused') as refused,
        count(*) filter (where j.status = 'failed') as failed,
        max(j.created_at) as last_at
      from ai_jobs j left join messages m on m.id = j.message_id
      where j.activity_id = ${activityId}
      group by j.author_uid
      order by max(m.author_name), j.author_uid`,
  );
  const people = rows.map((row) => ({
    uid: row.uid,
    name: row.name ?? row.uid,
    answers: Number(row.answers),
    analyses: Number(row.analyses),
    tokens: Number(row.input_tokens) + Number(row.output_tokens),
    refused: Number(row.refused),
    last_at: new Date(row.last_at).getTime(),
  }));
  const sum = (pick: (row: (typeof rows)[number]) => Count) =>
    rows.reduce((total, row) => total + Number(pick(row)), 0);
  return {
    answers: sum((row) => row.answers),
    analyses: sum((row) => row.analyses),
    input_tokens: sum((row) => row.input_tokens),
    output_tokens: sum((row) => row.output_tokens),
    refused: sum((row) => row.refused),
    failed: sum((row) => row.failed),
    budget_answers: budget.answers,
    budget_tokens: budget.tokens,
    people,
  };
}

/** An activity's exchanges with its agents — unhandled flags first, then handled ones, then the rest, each newest first (at most AGENT_EXCHANGES_MAX), optionally one person's. */
export async function activityExchanges(
  db: Db,
  activityId: string,
  authorUid: string | null,
): Promise<AgentExchange[]> {
  const rows = await queryRows<{
    job_id: string;
    agent: string;
    author_uid: string;
    author_name: string | null;
    question: string | null;
    question_deleted: boolean | null;
    answer: string | null;
    answer_deleted: boolean | null;
    status: string;
    created_at: Date | string;
    analyses: Count;
    tokens: Count;
    flag: ModerationCategory | null;
    flag_detail: string | null;
    held_answer: string | null;
    flag_handled_at: Date | string | null;
    flag_handled_by_name: string | null;
    answer_ai: MessageAi | null;
  }>(
    db,
    sql`select j.job_id, j.agent, j.author_uid, q.author_name, q.body as question,
        q.deleted as question_deleted, a.body as answer, a.deleted as answer_deleted, j.status,
        j.created_at, j.analyses, j.input_tokens + j.output_tokens as tokens,
        j.flag, j.flag_detail, j.held_answer, j.flag_handled_at, j.flag_handled_by_name,
        a.ai as answer_ai
      from ai_jobs j
      left join messages q on q.id = j.message_id
      left join messages a on a.id = j.reply_id
      where j.activity_id = ${activityId}
        ${authorUid === null ? sql`` : sql`and j.author_uid = ${authorUid}`}
      order by (j.flag is not null and j.flag_handled_at is null) desc, (j.flag is not null) desc,
        j.created_at desc, j.job_id desc
      limit ${AGENT_EXCHANGES_MAX}`,
  );
  return rows.map((row) => ({
    job_id: row.job_id,
    agent: row.agent,
    author_uid: row.author_uid,
    author_name: row.author_name ?? row.author_uid,
    question: row.question_deleted ? '' : (row.question ?? ''),
    answer: row.answer === null || row.answer_deleted ? null : row.answer,
    status: row.status,
    asked_at: new Date(row.created_at).getTime(),
    analyses: Number(row.analyses),
    tokens: Number(row.tokens),
    flag: row.flag,
    flag_detail: row.flag_detail,
    held_answer: row.held_answer,
    flag_handled_at: row.flag_handled_at === null ? null : new Date(row.flag_handled_at).getTime(),
    flag_handled_by_name: row.flag_handled_by_name,
    chart: row.answer === null || row.answer_deleted ? null : (row.answer_ai?.chart ?? null),
  }));
}

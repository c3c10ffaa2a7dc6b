// Docs: docs/ai.md#limits-and-schedules — whether a claimed job may be answered: the activity's
// schedule, the student's limits and the activity's budget, decided under the activity row's lock so
// that jobs claimed at once on any number of nodes are admitted one after another, each counting the
// answers admitted before it (posted or still being written). A refusal is told to its author once
// per window (a unique index on the job's `told` makes sure of it).
import { sql } from 'drizzle-orm';
import {
  DEFAULT_AGENT_LIMITS,
  admissionRefusal,
  currentPhase,
  zonedDay,
  type AdmissionRefusal,
  type AgentLimits,
  type Phase,
  type PhaseState,
} from '@seminar/shared';
import { queryRows, type Db } from '../db/client';
import type { ClaimedJob } from './jobs';

type Count = number | string;

/** The admission's verdict: answer, or refused (and whether this job's reply tells its author). */
export type Admission =
  { admitted: true } | { admitted: false; refusal: AdmissionRefusal; tell: boolean; now: number };

/**
 * Admits or refuses a claimed job. `student`: the per-student limits and the schedule apply (staff
 * trying an agent out are held by the budget only). A job admitted before (its node died and it was
 * claimed again) stays admitted. Null when the activity is gone.
 */
export async function admitJob(
  db: Db,
  job: ClaimedJob,
  student: boolean,
): Promise<Admission | null> {
  return db.transaction(async (tx) => {
    const [activity] = await queryRows<{
      limits: Partial<AgentLimits> | null;
      budget_answers: number | null;
      budget_tokens: number | null;
      phases: Phase[];
      phase_state: PhaseState;
      phase_index: number | null;
      phase_started_at: Date | string | null;
      now: Date | string;
    }>(
      tx,
      sql`select ai_limits as limits, ai_budget_answers as budget_answers,
          ai_budget_tokens as budget_tokens, phases, phase_state, phase_index, phase_started_at,
          now() as now
        from activities where activity_id = ${job.activity_id} and deleted = false
        for update`,
    );
    if (!activity) return null;
    const [self] = await queryRows<{ admitted: boolean }>(
      tx,
      sql`select admitted_at is not null as admitted from ai_jobs where job_id = ${job.job_id}`,
    );
    if (self?.admitted) return { admitted: true } as const;
    const now = new Date(activity.now).getTime();
    const limits: AgentLimits = { ...DEFAULT_AGENT_LIMITS, ...activity.limits };
    const day = zonedDay(now, limits.time_zone);
    // Answers that count: posted, or admitted and still being written (on this node or another).
    const [use] = await queryRows<{
      activity_answers: Count;
      activity_tokens: Count;
      person_answers: Count;
      person_today: Count;
    }>(
      tx,
      sql`with counted as (
          select author_uid, coalesce(admitted_at, created_at) as at, input_tokens + output_tokens as tokens,
            (status = 'done' or (status = 'running' and admitted_at is not null)) as counts
          from ai_jobs where activity_id = ${job.activity_id}
        )
        select count(*) filter (where counts) as activity_answers,
          coalesce(sum(tokens), 0) as activity_tokens,
          count(*) filter (where counts and author_uid = ${job.author_uid}) as person_answers,
          count(*) filter (where counts and author_uid = ${job.author_uid}
            and at >= ${new Date(day.start).toISOString()}::timestamptz) as person_today
        from counted`,
    );
    const phase = currentPhase({
      phases: activity.phases,
      phase_state: activity.phase_state,
      phase_index: activity.phase_index,
      phase_started_at: null,
      phase_deadline: null,
      phase_start_seq: 0,
    });
    const refusal = admissionRefusal(limits, {
      now,
      phaseKind: phase?.kind ?? null,
      phaseStartedAt:
        activity.phase_started_at === null ? null : new Date(activity.phase_started_at).getTime(),
      student,
      personAnswers: Number(use?.person_answers ?? 0),
      personAnswersToday: Number(use?.person_today ?? 0),
      activityAnswers: Number(use?.activity_answers ?? 0),
      activityTokens: Number(use?.activity_tokens ?? 0),
      budgetAnswers: activity.budget_answers,
      budgetTokens: activity.budget_tokens,
    });
    if (!refusal) {
      await tx.execute(sql`update ai_jobs set admitted_at = now() where job_id = ${job.job_id}`);
      return { admitted: true } as const;
    }
    // Told already (this window, this person)? Then this refusal is silent.
    const told = await queryRows<{ job_id: string }>(
      tx,
      sql`select job_id from ai_jobs where activity_id = ${job.activity_id}
        and author_uid = ${job.author_uid} and told = ${refusal.key} and job_id <> ${job.job_id}`,
    );
    const tell = told.length === 0;
    await tx.execute(
      sql`update ai_jobs set told = ${tell ? refusal.key : null} where job_id = ${job.job_id}`,
    );
    return { admitted: false, refusal, tell, now };
  });
}

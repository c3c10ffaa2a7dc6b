// Docs: docs/ai.md#the-job-mechanism — claiming agent jobs: any number of nodes poll one table, each
// job goes to one of them (FOR UPDATE SKIP LOCKED, on PGlite as on PostgreSQL) under a lease; a job
// whose node died (its lease ran out) is claimed again, up to the attempt limit.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/** A job as its claimer holds it. */
export interface ClaimedJob {
  job_id: string;
  class_id: string;
  activity_id: string;
  channel_id: string;
  message_id: string;
  agent: string;
  product_id: string;
  author_uid: string;
  /** Claims so far, this one included. */
  attempts: number;
}

/**
 * Claims the oldest job that is queued, or running under a lease that ran out (its node died or
 * stalled). One statement: the row is locked, skipped by every other claimer meanwhile, and
 * leased to `worker` until now + `leaseMs`.
 */
export async function claimJob(
  db: Db,
  worker: string,
  leaseMs: number,
): Promise<ClaimedJob | null> {
  const rows = await queryRows<ClaimedJob & { attempts: number | string }>(
    db,
    sql`with next as (
        select job_id from ai_jobs
        where status in ('queued', 'running') and (status = 'queued' or lease_until < now())
        order by created_at, job_id
        limit 1
        for update skip locked
      )
      update ai_jobs j set status = 'running', attempts = j.attempts + 1, worker = ${worker},
        lease_until = now() + make_interval(secs => ${leaseMs / 1000}), updated_at = now()
      from next where j.job_id = next.job_id
      returning j.job_id, j.class_id, j.activity_id, j.channel_id, j.message_id, j.agent,
        j.product_id, j.author_uid, j.attempts`,
  );
  const row = rows[0];
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

/** Extends the lease of a job this worker still holds (a long answer); false if it lost it. */
export async function renewLease(
  db: Db,
  jobId: string,
  worker: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await queryRows<{ job_id: string }>(
    db,
    sql`update ai_jobs set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      where job_id = ${jobId} and worker = ${worker} and status = 'running'
      returning job_id`,
  );
  return rows.length > 0;
}

/**
 * Hands back every job `worker` holds (a draining node out of time): queued again, claimable by any
 * node at once, and the claim is not counted as a try. The NOTIFY wakes the other nodes' workers.
 */
export async function releaseJobs(db: Db, worker: string): Promise<number> {
  const rows = await queryRows<{ job_id: string }>(
    db,
    sql`with released as (
        update ai_jobs set status = 'queued', worker = null, lease_until = null,
          attempts = greatest(attempts - 1, 0), updated_at = now()
        where worker = ${worker} and status = 'running'
        returning job_id
      )
      select job_id, pg_notify('seminar_ai', '') from released`,
  );
  return rows.length;
}

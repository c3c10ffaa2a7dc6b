// Docs: docs/ai.md#the-job-mechanism — an agent's reply goes through the one write path (runCommand:
// the channel row's lock, the next seq, a new version, the announcement on commit), and the job is
// closed in the same transaction, so a reply and "this job is done" commit together or not at all.
import { and, eq, sql } from 'drizzle-orm';
import { agentReplyId, agentUid, type MessageAi } from '@seminar/shared';
import type { Db } from '../db/client';
import { aiJobs, channels, messages } from '../db/schema';
import { channelsTopic } from '../channels/live';
import { nextVersion, runCommand } from '../live/commands';
import { messagesTopic } from '../messages/live';
import type { ClaimedJob } from './jobs';

/** How a job ends. */
export interface JobOutcome {
  status: 'done' | 'failed' | 'refused' | 'skipped';
  /** The reply to post (markdown), if any. */
  body?: string;
  /** `ai.status` of the reply: `failed` when the body says the agent could not answer. */
  replyStatus?: MessageAi['status'];
  productTitle?: string;
  analyses?: number;
  inputTokens?: number;
  outputTokens?: number;
  error?: string;
}

/**
 * Posts the job's reply (if any) and closes the job, once: the reply's id is derived from the job's,
 * so a job answered twice (a node that lost its lease and finished anyway) still posts one message.
 * Returns false when the job was already closed by someone else.
 */
export async function finishJob(db: Db, job: ClaimedJob, outcome: JobOutcome): Promise<boolean> {
  return runCommand(db, async ({ tx, announce }) => {
    const [current] = await tx
      .select({ status: aiJobs.status })
      .from(aiJobs)
      .where(eq(aiJobs.job_id, job.job_id))
      .for('update');
    if (!current || current.status !== 'running') return false;
    let replyId: string | null = null;
    if (outcome.body !== undefined) {
      replyId = agentReplyId(job.job_id);
      const [channel] = await tx
        .select({ last_seq: channels.last_seq, deleted: channels.deleted })
        .from(channels)
        .where(eq(channels.channel_id, job.channel_id))
        .for('update');
      const [existing] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.id, replyId));
      if (channel && !channel.deleted && !existing) {
        const seq = channel.last_seq + 1;
        const ai: MessageAi = {
          agent: job.agent,
          product_title: outcome.productTitle ?? '',
          status: outcome.replyStatus ?? 'done',
        };
        const [row] = await tx
          .insert(messages)
          .values({
            id: replyId,
            class_id: job.class_id,
            channel_id: job.channel_id,
            seq,
            author_uid: agentUid(job.agent),
            author_name: job.agent,
            body: outcome.body,
            ai,
            version: nextVersion,
          })
          .returning({ id: messages.id, version: messages.version });
        await tx
          .update(channels)
          .set({ last_seq: seq, version: nextVersion })
          .where(eq(channels.channel_id, job.channel_id));
        if (row) {
          announce({
            topic: messagesTopic,
            key: job.channel_id,
            ids: [row.id],
            version: row.version,
          });
          announce({ topic: channelsTopic, key: job.class_id, ids: [job.channel_id] });
        }
      }
    }
    await tx
      .update(aiJobs)
      .set({
        status: outcome.status,
        reply_id: replyId,
        analyses: sql`${aiJobs.analyses} + ${outcome.analyses ?? 0}`,
        input_tokens: sql`${aiJobs.input_tokens} + ${outcome.inputTokens ?? 0}`,
        output_tokens: sql`${aiJobs.output_tokens} + ${outcome.outputTokens ?? 0}`,
        error: outcome.error ?? null,
        worker: null,
        lease_until: null,
        updated_at: sql`now()`,
      })
      .where(and(eq(aiJobs.job_id, job.job_id), eq(aiJobs.status, 'running')));
    return true;
  });
}

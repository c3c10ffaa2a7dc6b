// Docs: docs/ai.md#the-job-mechanism — an agent's reply goes through the one write path (runCommand:
// the channel row's lock, the next seq, a new version, the announcement on commit), and the job is
// closed in the same transaction, so a reply and "this job is done" commit together or not at all.
import { and, eq, sql } from 'drizzle-orm';
import {
  agentReplyId,
  agentUid,
  type MessageAi,
  type MessageChart,
  type ModerationCategory,
} from '@seminar/shared';
import type { Db } from '../db/client';
import { aiJobs, channels, messages } from '../db/schema';
import { channelsTopic } from '../channels/live';
import { nextVersion, runCommand, type CommandScope, type Tx } from '../live/commands';
import { messagesTopic } from '../messages/live';
import { announcePins, isPinned } from '../pins/commands';
import { lockActivity, watchChanged } from '../moderation/watch';
import { enqueueFlagPushes } from '../notifications/flagPushes';
import type { ClaimedJob } from './jobs';

/** How a job ends. */
export interface JobOutcome {
  status: 'done' | 'failed' | 'refused' | 'skipped';
  /** The reply to post (markdown), if any. */
  body?: string;
  /** `ai.status` of the reply: `failed` when the body says the agent could not answer. */
  replyStatus?: MessageAi['status'];
  /** DataAnalystBot's chart of the table it analysed, carried in the reply's `ai.chart`. */
  chart?: MessageChart | null;
  productTitle?: string;
  analyses?: number;
  inputTokens?: number;
  outputTokens?: number;
  error?: string;
  /** The moderation flagged the question or the answer (docs/ai.md#moderation). */
  flag?: { category: ModerationCategory; detail: string };
  /** An answer held back by the moderation: staff read it in the review, the channel never does. */
  heldAnswer?: string;
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
    // The activity's row before the channel's (every command locks them in this order): the watch
    // row's version and the budget warning are decided under it (docs/ai.md#the-spend-as-it-happens).
    await lockActivity(tx, job.activity_id);
    let replyId: string | null = null;
    if (outcome.body !== undefined) {
      replyId = agentReplyId(job.job_id);
      await writeReply(tx, announce, job, {
        body: outcome.body,
        ai: {
          agent: job.agent,
          product_title: outcome.productTitle ?? '',
          status: outcome.replyStatus ?? 'done',
          ...(outcome.chart ? { chart: outcome.chart } : {}),
        },
      });
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
        flag: outcome.flag?.category ?? null,
        flag_detail: outcome.flag?.detail ?? null,
        held_answer: outcome.heldAnswer ?? null,
        worker: null,
        lease_until: null,
        updated_at: sql`now()`,
      })
      .where(and(eq(aiJobs.job_id, job.job_id), eq(aiJobs.status, 'running')));
    await watchChanged(tx, announce, job.class_id, job.activity_id);
    // The staff who are away are pushed the flag, in the transaction that records it.
    if (outcome.flag) await enqueueFlagPushes(tx, job);
    return true;
  });
}

/**
 * Writes the job's reply: inserts it with the channel's next seq, or — when a streamed reply of
 * this job is still being written (`streaming`, this attempt's or a dead node's) — replaces its
 * text. A finished reply is never written again. Takes the channel row's lock first, as every
 * message write does, so versions within a channel follow commit order.
 */
async function writeReply(
  tx: Tx,
  announce: CommandScope['announce'],
  job: ClaimedJob,
  reply: { body: string; ai: MessageAi },
): Promise<void> {
  const id = agentReplyId(job.job_id);
  const [channel] = await tx
    .select({ last_seq: channels.last_seq, deleted: channels.deleted })
    .from(channels)
    .where(eq(channels.channel_id, job.channel_id))
    .for('update');
  if (!channel || channel.deleted) return;
  const [existing] = await tx
    .select({ ai: messages.ai, deleted: messages.deleted })
    .from(messages)
    .where(eq(messages.id, id));
  let row: { id: string; version: number } | undefined;
  if (existing) {
    if (existing.deleted || existing.ai?.status !== 'streaming') return;
    [row] = await tx
      .update(messages)
      .set({ body: reply.body, ai: reply.ai, version: nextVersion })
      .where(eq(messages.id, id))
      .returning({ id: messages.id, version: messages.version });
    // A pinned answer's new words reach the pinned bars (docs/activities.md).
    if (row && (await isPinned(tx, row.id))) announcePins(announce, job.channel_id, [row.id]);
  } else {
    const seq = channel.last_seq + 1;
    [row] = await tx
      .insert(messages)
      .values({
        id,
        class_id: job.class_id,
        channel_id: job.channel_id,
        seq,
        author_uid: agentUid(job.agent),
        author_name: job.agent,
        body: reply.body,
        ai: reply.ai,
        version: nextVersion,
      })
      .returning({ id: messages.id, version: messages.version });
    await tx
      .update(channels)
      .set({ last_seq: seq, version: nextVersion })
      .where(eq(channels.channel_id, job.channel_id));
    announce({ topic: channelsTopic, key: job.class_id, ids: [job.channel_id] });
  }
  if (row)
    announce({ topic: messagesTopic, key: job.channel_id, ids: [row.id], version: row.version });
}

/**
 * Shows a model's answer so far in the channel (the reply, marked `streaming`), while the job is
 * still this worker's: false when it lost the job (its lease ran out and another node took it).
 */
export async function streamReply(
  db: Db,
  job: ClaimedJob,
  worker: string,
  body: string,
  productTitle: string,
): Promise<boolean> {
  return runCommand(db, async ({ tx, announce }) => {
    const [current] = await tx
      .select({ status: aiJobs.status, worker: aiJobs.worker })
      .from(aiJobs)
      .where(eq(aiJobs.job_id, job.job_id))
      .for('update');
    if (!current || current.status !== 'running' || current.worker !== worker) return false;
    await writeReply(tx, announce, job, {
      body,
      ai: { agent: job.agent, product_title: productTitle, status: 'streaming' },
    });
    return true;
  });
}

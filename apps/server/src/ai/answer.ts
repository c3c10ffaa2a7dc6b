// Docs: docs/ai.md#what-an-agent-can-see — what an agent does with a claimed job. It reads only the
// job's own rows: the triggering message (in its case channel), the activity's settings and its
// product. DataAnalystBot needs no model: its reply is the analysis engine's.
import { and, eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import {
  ANALYST_MAX_TEXT_CHARS,
  BOT_NAME,
  ROLES,
  analystTableFile,
  tooLongProblem,
  withTableFile,
  type TableFile,
  type TableFileCandidate,
  agentRateLimited,
  analyzeMessage,
  admissionReply,
  effectiveAgentMode,
  flaggedQuestionReply,
  formatAnalystReply,
  heldAnswerReply,
  type ModerationSettings,
  type ModerationVerdict,
  mentionsAgent,
  messageChart,
  rateLimitReply,
  type Role,
} from '@seminar/shared';
import { attachmentBody } from '../attachments/store';
import type { S3ObjectStore } from '../attachments/s3';
import type { Db } from '../db/client';
import { activities, classMemberships, messages, products } from '../db/schema';
import type { ClaimedJob } from './jobs';
import type { Config } from '../config';
import { answerWithModel } from './llm';
import { streamReply, type JobOutcome } from './reply';
import { admitJob } from './admission';
import { recentTriggers } from './usage';
import { classModeration, emailsOf, moderate, moderateBuiltIn } from './moderation';

/** What the job's context says before anything is computed. */
interface JobContext {
  body: string;
  /** The files on the message (DataAnalystBot reads a table file among them). */
  files: TableFileCandidate[];
  mode: ReturnType<typeof effectiveAgentMode>;
  productTitle: string;
  /** The product's agents (names the moderation's profanity list does not read). */
  agents: string[];
}

async function loadContext(db: Db, job: ClaimedJob): Promise<JobContext | null> {
  const [row] = await db
    .select({
      body: messages.body,
      files: messages.attachments,
      deleted: messages.deleted,
      modes: activities.ai_agent_modes,
      activityLive: activities.enabled,
      activityDeleted: activities.deleted,
      productMode: products.ai_agent_cooperation_mode,
      refs: products.ai_agent_refs,
      title: products.title,
    })
    .from(messages)
    .innerJoin(
      activities,
      and(
        eq(activities.activity_id, job.activity_id),
        eq(activities.channel_id, messages.channel_id),
      ),
    )
    .innerJoin(products, eq(products.product_id, activities.product_id))
    .where(and(eq(messages.id, job.message_id), eq(messages.channel_id, job.channel_id)));
  if (!row || row.deleted || row.activityDeleted || !row.activityLive) return null;
  if (!row.refs.includes(job.agent)) return null;
  return {
    body: row.body,
    files: row.files,
    mode: effectiveAgentMode(row.modes, row.productMode, job.agent),
    productTitle: row.title,
    agents: row.refs,
  };
}

/** What answering needs besides the job. */
export interface AnswerOptions {
  /** This node's id (the job's holder). */
  worker: string;
  triggersPerMinute: number;
  llm: Config['ai']['llm'];
  /** The attachments' object store, when files are kept in one (null: in the database). */
  objects: S3ObjectStore | null;
  /** The moderation endpoint (README: AI_MODERATION_URL); null: the built-in checks only. */
  moderation: Config['ai']['moderation'];
}

/** The words of a job that ran out of tries. */
export function failureReply(agent: string, attempts: number): string {
  return `${agent} could not answer this message (tried ${attempts === 1 ? 'once' : `${attempts} times`}). Ask again in a moment, or tell your instructor if it keeps happening.`;
}

/**
 * Decides and computes a job's outcome. Skips a job whose message was deleted, whose activity no
 * longer has the agent or has paused it since, and a message without a table that DataAnalystBot
 * was not asked about (every_message mode would otherwise answer every chat line).
 */
export async function answerJob(
  db: Db,
  job: ClaimedJob,
  options: AnswerOptions,
): Promise<JobOutcome> {
  const context = await loadContext(db, job);
  if (!context) return { status: 'skipped', error: 'The message or the agent is gone.' };
  if (context.mode === 'paused') return { status: 'skipped', error: 'The agent is paused.' };
  if (job.agent !== BOT_NAME && !options.llm)
    return { status: 'skipped', error: 'No language model is configured on this server.' };
  // The message's own table first; without one, DataAnalystBot reads an attached table file.
  let text = context.body;
  let outcome = analyzeMessage(text);
  const file =
    job.agent === BOT_NAME && outcome.kind === 'no-table' ? analystTableFile(context.files) : null;
  if (file) {
    const read = await tableFileText(db, options.objects, file);
    if (read.kind === 'too-long') outcome = { kind: 'problem', problem: tooLongProblem(read.size) };
    else if (read.kind === 'text') {
      text = withTableFile(context.body, file, read.text);
      outcome = analyzeMessage(text);
    }
  }
  if (
    job.agent === BOT_NAME &&
    outcome.kind === 'no-table' &&
    !mentionsAgent(context.body, job.agent)
  )
    return { status: 'skipped', error: 'No table and no mention.' };
  // A student's question is moderated before the limits and before the model: a flagged one is
  // never sent on, and the student gets one neutral reply (docs/ai.md#moderation). Staff's are not.
  const student = agentRateLimited(await authorRoles(db, job));
  const settings = await classModeration(db, job.class_id);
  const endpoint = options.moderation;
  if (student) {
    const verdict = await moderate(context.body, {
      settings,
      ownEmails: await emailsOf(db, job.author_uid),
      names: context.agents,
      endpoint,
    });
    if (verdict.flagged)
      return {
        status: 'refused',
        body: flaggedQuestionReply(job.agent),
        productTitle: context.productTitle,
        flag: { category: verdict.category, detail: verdict.detail },
        error: `flagged: ${verdict.category}`,
      };
  }
  const refusal = await checkLimits(db, job, context, options.triggersPerMinute, student);
  if (refusal) return refusal;
  // Every answer is moderated before the channel sees it, whoever asked (the channel is the class's).
  const checkAnswer = (text: string) =>
    moderate(text, { settings, ownEmails: [], names: context.agents, endpoint });
  if (options.llm) {
    const llm = options.llm;
    const shown = streamGuard(settings, context.agents, endpoint !== null && settings.external);
    const answer = await answerWithModel(db, llm, job, text, async (written) => {
      const visible = shown(written);
      if (visible === null) return;
      if (!(await streamReply(db, job, options.worker, visible, context.productTitle)))
        throw new Error('the job was taken over by another node');
    });
    return heldIfFlagged(job.agent, await checkAnswer(answer.text), {
      status: 'done',
      body: answer.text,
      productTitle: context.productTitle,
      analyses: answer.analyses,
      inputTokens: answer.inputTokens,
      outputTokens: answer.outputTokens,
      chart: answer.chart,
    });
  }
  const body = formatAnalystReply(outcome);
  return heldIfFlagged(job.agent, await checkAnswer(body), {
    status: 'done',
    body,
    productTitle: context.productTitle,
    analyses: outcome.kind === 'analysis' ? 1 : 0,
    chart: outcome.kind === 'analysis' ? messageChart(outcome.analysis.chart) : null,
  });
}

/**
 * What of a streamed answer's text so far may be shown (null: nothing new). Its whole words must
 * pass the built-in checks; once they fail, nothing more is shown until the whole answer is judged.
 * A last word still being written is not judged, but waits until it ends when it holds a digit,
 * `@` or `+` (an address or a number half-written). With the moderation service on, nothing is shown before the service has
 * checked it all.
 */
function streamGuard(
  settings: ModerationSettings,
  names: readonly string[],
  serviceOn: boolean,
): (text: string) => string | null {
  let withheld = serviceOn;
  let last = '';
  return (text) => {
    if (withheld) return null;
    let start = text.length;
    while (start > 0 && !/\s/.test(text[start - 1]!)) start -= 1;
    const words = text.slice(0, start);
    const tail = text.slice(start);
    // Whole words are judged; a word half-written is not (its start may look like a listed word:
    // "abo" of "about"), but it waits when it could be an address or a number.
    if (moderateBuiltIn(words, settings, names).flagged) {
      withheld = true;
      return null;
    }
    const shown = /[\d@+]/.test(tail) ? words : text;
    if (shown.trim() === '' || shown === last) return null;
    last = shown;
    return shown;
  };
}

/** An answer the moderation flagged is held back: the channel gets a neutral line, staff the text. */
function heldIfFlagged(agent: string, verdict: ModerationVerdict, outcome: JobOutcome): JobOutcome {
  if (!verdict.flagged) return outcome;
  return {
    ...outcome,
    body: heldAnswerReply(agent),
    chart: null,
    heldAnswer: outcome.body ?? '',
    flag: { category: verdict.category, detail: verdict.detail },
  };
}

/**
 * The text of a table file, read only when it fits the engine's limit (a larger one is refused by
 * its size, unread); `gone` when the file's row or object no longer exists.
 * @throws ObjectStoreError when the object store does not answer (the job is tried again).
 */
async function tableFileText(
  db: Db,
  objects: S3ObjectStore | null,
  file: TableFile,
): Promise<{ kind: 'text'; text: string } | { kind: 'too-long'; size: number } | { kind: 'gone' }> {
  if (file.size > ANALYST_MAX_TEXT_CHARS) return { kind: 'too-long', size: file.size };
  const body = await attachmentBody(db, objects, file.id);
  if (!body) return { kind: 'gone' };
  const bytes = 'data' in body ? body.data : await readAll(body.stream, ANALYST_MAX_TEXT_CHARS);
  if (bytes.length > ANALYST_MAX_TEXT_CHARS) return { kind: 'too-long', size: bytes.length };
  return { kind: 'text', text: new TextDecoder('utf-8').decode(bytes) };
}

/** A stream's bytes, stopping once past `limit` (what is read then only shows it is too long). */
async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    length += buffer.length;
    if (length > limit) {
      stream.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

/** The roles the job's author holds in its class now (none once they left it). */
async function authorRoles(db: Db, job: ClaimedJob): Promise<Role[]> {
  const rows = await db
    .select({ role: classMemberships.role })
    .from(classMemberships)
    .where(
      and(
        eq(classMemberships.class_id, job.class_id),
        eq(classMemberships.uid, job.author_uid),
        eq(classMemberships.enabled, true),
        eq(classMemberships.deleted, false),
        eq(classMemberships.pending_deleted, false),
      ),
    );
  return rows
    .map((row) => row.role)
    .filter((role): role is Role => (ROLES as readonly string[]).includes(role));
}

/**
 * The rate limit (per person, activity and minute; students only, agentRateLimited), then the
 * admission (docs/ai.md#limits-and-schedules: the schedule, the student's limits, the activity's
 * budget; answers in flight count). A refusal is said once — per minute for the rate limit, per
 * window for the others (a day, a phase, the activity) — and is silent after that.
 */
async function checkLimits(
  db: Db,
  job: ClaimedJob,
  context: JobContext,
  perMinute: number,
  student: boolean,
): Promise<JobOutcome | null> {
  const recent = student ? await recentTriggers(db, job) : { count: 0, told: false };
  if (recent.count >= perMinute)
    return {
      status: 'refused',
      error: `rate: ${recent.count} triggers in the last minute`,
      ...(recent.told
        ? {}
        : { body: rateLimitReply(job.agent, perMinute), productTitle: context.productTitle }),
    };
  const admission = await admitJob(db, job, student);
  if (!admission) return { status: 'skipped', error: 'The activity is gone.' };
  if (admission.admitted) return null;
  const { refusal } = admission;
  return {
    status: 'refused',
    error: `${refusal.reason}: ${refusal.key}`,
    ...(admission.tell
      ? {
          body: admissionReply(job.agent, refusal, admission.now),
          productTitle: context.productTitle,
        }
      : {}),
  };
}

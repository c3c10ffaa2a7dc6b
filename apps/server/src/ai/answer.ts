// Docs: docs/ai.md#what-an-agent-can-see — what an agent does with a claimed job. It reads only the
// job's own rows: the triggering message (in its case channel), the activity's settings and its
// product. DataAnalystBot needs no model: its reply is the analysis engine's.
import { and, eq } from 'drizzle-orm';
import {
  BOT_NAME,
  ROLES,
  agentRateLimited,
  analyzeMessage,
  budgetReached,
  budgetReply,
  effectiveAgentMode,
  formatAnalystReply,
  mentionsAgent,
  messageChart,
  rateLimitReply,
  type AgentBudget,
  type Role,
} from '@seminar/shared';
import type { Db } from '../db/client';
import { activities, classMemberships, messages, products } from '../db/schema';
import type { ClaimedJob } from './jobs';
import type { Config } from '../config';
import { answerWithModel } from './llm';
import { streamReply, type JobOutcome } from './reply';
import { activityUse, recentTriggers } from './usage';

/** What the job's context says before anything is computed. */
interface JobContext {
  body: string;
  mode: ReturnType<typeof effectiveAgentMode>;
  productTitle: string;
  budget: AgentBudget;
}

async function loadContext(db: Db, job: ClaimedJob): Promise<JobContext | null> {
  const [row] = await db
    .select({
      body: messages.body,
      deleted: messages.deleted,
      modes: activities.ai_agent_modes,
      activityLive: activities.enabled,
      activityDeleted: activities.deleted,
      productMode: products.ai_agent_cooperation_mode,
      refs: products.ai_agent_refs,
      title: products.title,
      budgetAnswers: activities.ai_budget_answers,
      budgetTokens: activities.ai_budget_tokens,
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
    mode: effectiveAgentMode(row.modes, row.productMode, job.agent),
    productTitle: row.title,
    budget: { answers: row.budgetAnswers, tokens: row.budgetTokens },
  };
}

/** What answering needs besides the job. */
export interface AnswerOptions {
  /** This node's id (the job's holder). */
  worker: string;
  triggersPerMinute: number;
  llm: Config['ai']['llm'];
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
  const outcome = analyzeMessage(context.body);
  if (
    job.agent === BOT_NAME &&
    outcome.kind === 'no-table' &&
    !mentionsAgent(context.body, job.agent)
  )
    return { status: 'skipped', error: 'No table and no mention.' };
  const refusal = await checkLimits(db, job, context, options.triggersPerMinute);
  if (refusal) return refusal;
  if (options.llm) {
    const llm = options.llm;
    const answer = await answerWithModel(db, llm, job, context.body, async (text) => {
      if (!(await streamReply(db, job, options.worker, text, context.productTitle)))
        throw new Error('the job was taken over by another node');
    });
    return {
      status: 'done',
      body: answer.text,
      productTitle: context.productTitle,
      analyses: answer.analyses,
      inputTokens: answer.inputTokens,
      outputTokens: answer.outputTokens,
      chart: answer.chart,
    };
  }
  return {
    status: 'done',
    body: formatAnalystReply(outcome),
    productTitle: context.productTitle,
    analyses: outcome.kind === 'analysis' ? 1 : 0,
    chart: outcome.kind === 'analysis' ? messageChart(outcome.analysis.chart) : null,
  };
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
 * activity's budget. A refusal is said once — per minute for the rate limit, per person for the
 * budget — and is silent after that.
 */
async function checkLimits(
  db: Db,
  job: ClaimedJob,
  context: JobContext,
  perMinute: number,
): Promise<JobOutcome | null> {
  const recent = agentRateLimited(await authorRoles(db, job))
    ? await recentTriggers(db, job)
    : { count: 0, told: false };
  if (recent.count >= perMinute)
    return {
      status: 'refused',
      error: `rate: ${recent.count} triggers in the last minute`,
      ...(recent.told
        ? {}
        : { body: rateLimitReply(job.agent, perMinute), productTitle: context.productTitle }),
    };
  const use = await activityUse(db, job.activity_id, job.author_uid);
  const reached = budgetReached(use, context.budget);
  if (reached)
    return {
      status: 'refused',
      error: `budget: ${reached} used (${use.answers} answers, ${use.tokens} tokens)`,
      ...(use.told
        ? {}
        : {
            body: budgetReply(job.agent, reached, context.budget),
            productTitle: context.productTitle,
          }),
    };
  return null;
}

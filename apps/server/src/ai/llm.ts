// Docs: docs/ai.md#llm-agents — an agent answering through an OpenAI-compatible endpoint with the
// Vercel AI SDK. The answer streams into the channel (the reply grows, updated at most 4 times a
// second). DataAnalystBot gets the analysis engine as a tool: the model explains, the numbers come
// from the code. What the model sees: the product's description and learning objective, and the
// case channel's last messages — nothing else.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { stepCountIs, streamText, tool, type ModelMessage, type ToolSet } from 'ai';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BOT_NAME,
  MESSAGE_MAX_LENGTH,
  analyzeMessage,
  formatAnalystReply,
  isAgentUid,
  messageChart,
  pseudonymLabel,
  type MessageChart,
  tutorInstructions,
  AGENT_CONTEXT_MESSAGES,
} from '@seminar/shared';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { activities, messages, products } from '../db/schema';
import { hiddenByPhaseSql, messageColumns } from '../messages/phaseAccess';
import type { ClaimedJob } from './jobs';

/** Messages of the case channel the model reads, up to the trigger (the agent's card says it). */
export const LLM_CONTEXT_MESSAGES = AGENT_CONTEXT_MESSAGES;
/** Model steps (a tool call and the answer after it) per answer. */
const MAX_STEPS = 3;

/** What a model's answer came to. */
export interface ModelAnswer {
  text: string;
  inputTokens: number;
  outputTokens: number;
  analyses: number;
  /** The chart of the last table the analysis tool read (DataAnalystBot), else null. */
  chart: MessageChart | null;
}

type LlmConfig = NonNullable<Config['ai']['llm']>;

/** The channel's last messages up to the trigger, oldest first, as the model reads them. */
export async function channelContext(db: Db, job: ClaimedJob): Promise<ModelMessage[]> {
  const [trigger] = await db
    .select({ seq: messages.seq, author: messages.author_uid })
    .from(messages)
    .where(eq(messages.id, job.message_id));
  if (!trigger) return [];
  // In a post-first phase the agent reads what a student who has not posted sees, plus the
  // asker's own posts: its answer is visible to every student (docs/phases.md#agents).
  const hidden = hiddenByPhaseSql(messageColumns('"messages"'), trigger.author, false, {
    revealByPosting: false,
  });
  const rows = await db
    .select({
      author_uid: messages.author_uid,
      author_name: messages.author_name,
      pseudonym: messages.pseudonym,
      body: messages.body,
      deleted: messages.deleted,
    })
    .from(messages)
    .where(
      and(
        eq(messages.channel_id, job.channel_id),
        lte(messages.seq, trigger.seq),
        sql`not ${hidden}`,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(LLM_CONTEXT_MESSAGES);
  return rows
    .reverse()
    .filter((row) => !row.deleted)
    .map((row): ModelMessage =>
      isAgentUid(row.author_uid)
        ? { role: 'assistant', content: row.body }
        : // An anonymous activity's posts go to the model under their pseudonyms: its answer is
          // read by students (docs/activities.md#anonymity).
          {
            role: 'user',
            content: `${row.pseudonym === null ? row.author_name : pseudonymLabel(row.pseudonym)}: ${row.body}`,
          },
    );
}

/** What the tool calls of one answer came to. */
interface ToolCounter {
  analyses: number;
  chart: MessageChart | null;
}

/**
 * DataAnalystBot's tool: the engine run on the triggering message. Its chart goes with the reply,
 * as without a model: the model explains, the numbers and the chart come from the code.
 */
function analystTools(body: string, counter: ToolCounter): ToolSet {
  return {
    analyze_table: tool({
      description:
        'Analyses the table in the student message (CSV/TSV): rows, columns, per-column statistics, correlations and answers to asked-for operations. Use its numbers; never compute them yourself.',
      inputSchema: z.object({}),
      execute: async () => {
        const outcome = analyzeMessage(body);
        if (outcome.kind === 'analysis') {
          counter.analyses += 1;
          counter.chart = messageChart(outcome.analysis.chart);
        }
        return formatAnalystReply(outcome);
      },
    }),
  };
}

/**
 * Streams the model's answer to the job, calling `onText` with the text so far at most
 * `llm.streamUpdatesPerSecond` times a second (AI_STREAM_UPDATES_PER_SECOND; each is a write and a
 * fan-out), and once at the end.
 */
export async function answerWithModel(
  db: Db,
  llm: LlmConfig,
  job: ClaimedJob,
  triggerBody: string,
  onText: (text: string) => Promise<void>,
): Promise<ModelAnswer> {
  const [product] = await db
    .select({
      title: products.title,
      description: products.description,
      objective: products.learning_objective,
    })
    .from(products)
    .where(eq(products.product_id, job.product_id));
  const [activity] = await db
    .select({ tutor: activities.ai_tutor })
    .from(activities)
    .where(eq(activities.activity_id, job.activity_id));
  const provider = createOpenAICompatible({
    name: 'seminar',
    baseURL: llm.baseUrl,
    ...(llm.apiKey ? { apiKey: llm.apiKey } : {}),
    includeUsage: true,
  });
  const counter: ToolCounter = { analyses: 0, chart: null };
  const analyst = job.agent === BOT_NAME;
  const system = [
    `You are ${job.agent}, an AI agent of the product "${product?.title ?? ''}" in a class's case discussion channel.`,
    product?.description ? `About you: ${product.description}` : '',
    product?.objective ? `Learning objective: ${product.objective}` : '',
    analyst
      ? 'When a message holds a table, call analyze_table and explain its numbers; never invent numbers.'
      : '',
    'Answer the last message briefly, in plain text with simple markdown. You are an AI, not a person.',
    // The instructor's tutor mode last, so it shapes the answer (docs/ai.md#tutor-modes).
    tutorInstructions(activity?.tutor ?? null),
  ]
    .filter(Boolean)
    .join('\n');
  let failure: unknown = null;
  const result = streamText({
    model: provider.chatModel(llm.model),
    system,
    messages: await channelContext(db, job),
    ...(analyst
      ? { tools: analystTools(triggerBody, counter), stopWhen: stepCountIs(MAX_STEPS) }
      : {}),
    maxRetries: 1,
    // The SDK reports a failed call here (and only "No output generated" afterwards): keep it.
    onError: ({ error }) => {
      failure ??= error;
    },
  });
  let text = '';
  let shown = '';
  let lastShown = 0;
  const interval = 1000 / llm.streamUpdatesPerSecond;
  for await (const delta of result.textStream) {
    text = (text + delta).slice(0, MESSAGE_MAX_LENGTH);
    if (Date.now() - lastShown >= interval && text.trim() !== '' && text !== shown) {
      lastShown = Date.now();
      shown = text;
      await onText(text);
    }
  }
  if (failure !== null) throw new ModelCallError(failure);
  let usage: Awaited<typeof result.totalUsage>;
  try {
    usage = await result.totalUsage;
  } catch (error) {
    throw new ModelCallError(failure ?? error);
  }
  return {
    text: text.trim() === '' ? `${job.agent} had nothing to say.` : text,
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    analyses: counter.analyses,
    chart: counter.chart,
  };
}

/**
 * A model call that failed, with why in its message: the underlying causes, outermost first — the
 * endpoint's HTTP status and the start of its answer, a refused port, an unknown host, a TLS
 * failure — rather than the SDK's "No output generated".
 */
export class ModelCallError extends Error {
  readonly reason: string;

  constructor(cause: unknown) {
    const reason = modelFailureReason(cause);
    super(`The model call failed: ${reason}`, { cause });
    this.name = 'ModelCallError';
    this.reason = reason;
  }
}

/** How much of an endpoint's error answer goes into the reason. */
const RESPONSE_BODY_CHARS = 300;

/**
 * The cause chain of a failed model call in words: each error's own part (its message; for an HTTP
 * answer, the status, URL and body), following `cause`, a retry's last error and an
 * AggregateError's errors, skipping parts already said.
 */
export function modelFailureReason(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Object && !seen.has(current) && parts.length < 8) {
    seen.add(current);
    const value = current as {
      message?: unknown;
      code?: unknown;
      statusCode?: unknown;
      url?: unknown;
      responseBody?: unknown;
      lastError?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    // A retry's own message repeats its last error's: say the last error instead.
    if (value.lastError !== undefined) {
      current = value.lastError;
      continue;
    }
    let part = typeof value.message === 'string' ? value.message : String(current);
    if (typeof value.statusCode === 'number') {
      const body = typeof value.responseBody === 'string' ? value.responseBody.trim() : '';
      part = `HTTP ${value.statusCode} from ${String(value.url)}${body ? `: ${body.slice(0, RESPONSE_BODY_CHARS)}` : ''}`;
    }
    if (typeof value.code === 'string' && !part.includes(value.code)) part += ` (${value.code})`;
    if (part && !parts.some((said) => said.includes(part))) parts.push(part);
    current =
      value.cause ?? (Array.isArray(value.errors) ? (value.errors as unknown[])[0] : undefined);
  }
  return parts.join(' <- ') || 'unknown failure';
}

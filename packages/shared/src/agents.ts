// Docs: docs/ai.md#agents-in-case-channels — who an AI agent is in a channel and when it speaks.
import { MODERATION_CATEGORY_LABELS, type ModerationCategory } from './moderation';
import type { MessageChart } from './dataAnalyst/chart';
import type { Role } from './constants';
import { csvRows } from './csv';

export type { MessageAi } from './schemas/agent';

/**
 * When an agent speaks in its activity's case channel (`ai_agent_cooperation_mode`):
 * - `mention` (the default): when a message @mentions it;
 * - `every_message`: on every student message;
 * - `paused`: never.
 */
export const AI_AGENT_COOPERATION_MODES = ['mention', 'every_message', 'paused'] as const;

/** One of AI_AGENT_COOPERATION_MODES. */
export type AiAgentCooperationMode = (typeof AI_AGENT_COOPERATION_MODES)[number];

/** The default mode: only when @mentioned. */
export const DEFAULT_AI_AGENT_COOPERATION_MODE: AiAgentCooperationMode = 'mention';

/**
 * The mode a stored value means. The catalogue's older free-text values ('co-analyst', 'tutor', …)
 * and null mean the default, so no product becomes chatty or silent by accident.
 */
export function agentCooperationMode(value: string | null | undefined): AiAgentCooperationMode {
  return (AI_AGENT_COOPERATION_MODES as readonly (string | null | undefined)[]).includes(value)
    ? (value as AiAgentCooperationMode)
    : DEFAULT_AI_AGENT_COOPERATION_MODE;
}

/**
 * The mode of `agent` in an activity: the activity's own setting for it (an instructor's pause),
 * else the product's mode.
 */
export function effectiveAgentMode(
  activityModes: Readonly<Record<string, string>>,
  productMode: string | null | undefined,
  agent: string,
): AiAgentCooperationMode {
  const own = Object.hasOwn(activityModes, agent) ? activityModes[agent] : undefined;
  return own === undefined ? agentCooperationMode(productMode) : agentCooperationMode(own);
}

/** An agent's name: a letter, then letters, digits or `_` (it is matched after `@` in SQL too). */
export const AGENT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Whether `name` can be an agent's name (ai_agent_refs entries that cannot are ignored). */
export function isAgentName(name: string): boolean {
  return AGENT_NAME_PATTERN.test(name);
}

/**
 * Messages written by an agent carry `author_uid` = this prefix + the agent's name. No account id
 * has a colon (Better Auth's ids are alphanumeric), so an agent can never pass for a person.
 */
export const AGENT_UID_PREFIX = 'agent:';

/** The author uid of an agent's messages. */
export function agentUid(name: string): string {
  return `${AGENT_UID_PREFIX}${name}`;
}

/** Whether a message's author is an agent. */
export function isAgentUid(uid: string): boolean {
  return uid.startsWith(AGENT_UID_PREFIX);
}

/** ASCII letters lower-cased, nothing else (toLowerCase would map K, the Kelvin sign, to k). */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 32));
}

/**
 * Whether `body` @mentions `agent`: `@` + the name in any case of its ASCII letters, not inside a
 * word before (`a@b`) or after (`@DataAnalystBotX`) — word characters being ASCII letters, digits
 * and `_`. Only ASCII letters are case-folded, so no locale and no Unicode case mapping (the
 * Kelvin sign, a dotted İ) can make a mention. The enqueue trigger (migration 0011) applies the
 * same rule in SQL; apps/server/test/agentMentions.test.ts checks that the two agree.
 */
export function mentionsAgent(body: string, agent: string): boolean {
  if (!isAgentName(agent)) return false;
  const wanted = `@${asciiLower(agent)}`;
  const text = asciiLower(body);
  let from = 0;
  for (;;) {
    const at = text.indexOf(wanted, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : text.charAt(at - 1);
    const after = text.charAt(at + wanted.length);
    if (!/[a-z0-9_]/.test(before) && !/[a-z0-9_]/.test(after)) return true;
    from = at + 1;
  }
}

/**
 * Whether the per-person agent rate limit applies to someone holding `roles` in the class: it does
 * to students and to anyone no longer a member (no roles). Instructors and class admins are exempt
 * — they try the agents out and show them to a class — and the activity's budget still bounds what
 * they use.
 */
export function agentRateLimited(roles: readonly Role[]): boolean {
  return !roles.some((role) => role === 'instructor' || role === 'admin');
}

/** The id of the reply to job `jobId`: derived, so a retried job can never post twice. */
export function agentReplyId(jobId: string): string {
  return `ai_${jobId}`;
}

/** An agent taking part in a case channel, as the web lists it. */
export interface ChannelAgent {
  agent: string;
  productTitle: string;
  activityId: string;
  activityTitle: string;
  mode: AiAgentCooperationMode;
}

/**
 * The agents that are members of `channelId`: those of every enabled, live activity whose case
 * channel it is and whose AI product is in the catalogue (the same activities the enqueue trigger
 * reads). Each agent once per activity, in ai_agent_refs order.
 */
export function channelAgents(
  channelId: string,
  activities: ReadonlyArray<{
    activity_id: string;
    title: string;
    channel_id: string | null;
    product_id: string | null;
    enabled: boolean;
    deleted: boolean;
    ai_agent_modes: Readonly<Record<string, string>>;
  }>,
  products: ReadonlyArray<{
    product_id: string;
    title: string;
    ai_agent_refs: readonly string[];
    ai_agent_cooperation_mode: string | null;
  }>,
): ChannelAgent[] {
  const byId = new Map(products.map((product) => [product.product_id, product]));
  const agents: ChannelAgent[] = [];
  for (const activity of activities) {
    if (activity.channel_id !== channelId || !activity.enabled || activity.deleted) continue;
    const product = activity.product_id ? byId.get(activity.product_id) : undefined;
    if (!product) continue;
    for (const agent of new Set(product.ai_agent_refs)) {
      if (!isAgentName(agent)) continue;
      agents.push({
        agent,
        productTitle: product.title,
        activityId: activity.activity_id,
        activityTitle: activity.title,
        mode: effectiveAgentMode(activity.ai_agent_modes, product.ai_agent_cooperation_mode, agent),
      });
    }
  }
  return agents;
}

/**
 * Messages of the case channel an LLM agent's model reads, up to the trigger (the server's context
 * query, apps/server/src/ai/llm.ts; the agent's card says this number).
 */
export const AGENT_CONTEXT_MESSAGES = 20;

/** How a mode is worded for people. */
export const AGENT_MODE_LABELS: Readonly<Record<AiAgentCooperationMode, string>> = {
  mention: 'Answers when @mentioned',
  every_message: 'Answers every student message',
  paused: 'Paused by the instructor',
};

/** An activity's agent budget: most answers and most model tokens; null means no limit. */
export interface AgentBudget {
  answers: number | null;
  tokens: number | null;
}

/** What an activity's agents have used. */
export interface AgentUse {
  answers: number;
  tokens: number;
}

/**
 * Which limit of the budget `use` has reached, or null while there is room for another answer. An
 * answer is allowed while both counts are below their limits (a limit of 0 allows none).
 */
export function budgetReached(use: AgentUse, budget: AgentBudget): 'answers' | 'tokens' | null {
  if (budget.answers !== null && use.answers >= budget.answers) return 'answers';
  if (budget.tokens !== null && use.tokens >= budget.tokens) return 'tokens';
  return null;
}

/** The reply when an activity's budget is used up (said once to each person). */
export function budgetReply(
  agent: string,
  reached: 'answers' | 'tokens',
  budget: AgentBudget,
): string {
  const limit = reached === 'answers' ? `${budget.answers} answers` : `${budget.tokens} tokens`;
  return `${agent} has used this activity's budget (${limit}) and stops answering here. Your instructor can raise the budget.`;
}

/** The reply when one person triggers the agent too often (said once per minute). */
export function rateLimitReply(agent: string, perMinute: number): string {
  return `${agent} answers at most ${perMinute} ${perMinute === 1 ? 'question' : 'questions'} per person per minute. Ask again in a minute.`;
}

/**
 * Whether an agent can answer on a server: DataAnalystBot always (it needs no model), any other
 * agent only where an LLM is configured.
 */
export function agentCanAnswer(agent: string, llmConfigured: boolean): boolean {
  return agent === 'DataAnalystBot' || llmConfigured;
}

/**
 * What the catalogue and the cost confirmation say of a product some of whose agents cannot answer
 * on this server (no language model), before anyone pays for it; null when all of them can, or
 * while the server's status is unknown.
 */
export function cannotAnswerNote(
  refs: readonly string[],
  llmConfigured: boolean | null,
): string | null {
  if (llmConfigured !== false) return null;
  const silent = [...new Set(refs)].filter((agent) => !agentCanAnswer(agent, false));
  if (silent.length === 0) return null;
  const names = silent.join(', ');
  return `${names} cannot answer on this server: no language model is configured here, so ${
    silent.length === 1 ? 'it stays' : 'they stay'
  } silent.`;
}

/** What instructors see beside an agent that cannot answer on this server. */
export const AGENT_NOT_CONFIGURED = 'Not configured on this server (no language model)';

/** One exchange with an agent, as the instructor's review lists it. */
export interface AgentExchange {
  job_id: string;
  agent: string;
  author_uid: string;
  author_name: string;
  question: string;
  /** The agent's reply; null when none was posted (skipped, or refused silently). */
  answer: string | null;
  status: string;
  /** Epoch ms of the question. */
  asked_at: number;
  analyses: number;
  tokens: number;
  /** The moderation's category when the question or the answer was flagged (docs/ai.md#moderation). */
  flag: ModerationCategory | null;
  /** What kind of thing was found ("a phone number"), never the thing. */
  flag_detail: string | null;
  /** An answer held back from the channel (staff read it here); null when none was. */
  held_answer: string | null;
  /** When and by whom the flag was marked handled (null: not yet). */
  flag_handled_at: number | null;
  flag_handled_by_name: string | null;
  /** The chart drawn in the answer, as the channel shows it (DataAnalystBot); null: none. */
  chart: MessageChart | null;
}

/** Exchanges the review lists at most (the newest). */
export const AGENT_EXCHANGES_MAX = 500;

/**
 * The review's exchanges as CSV (a header row, CRLF line ends, times in ISO 8601 UTC), with the
 * moderation's columns (docs/ai.md#moderation): whether the exchange was flagged, the category as
 * the review names it, what kind of thing was found, the answer held back, and who marked it
 * handled and when. Every text goes through csvField, so a held-back answer or a name that starts
 * like a formula is defused too.
 */
export function exchangesCsv(exchanges: readonly AgentExchange[]): string {
  const header = [
    'time',
    'student',
    'agent',
    'question',
    'answer',
    'status',
    'analyses',
    'tokens',
    'flagged',
    'flag_category',
    'flag_found',
    'held_answer',
    'flag_handled_at',
    'flag_handled_by',
  ];
  const rows = exchanges.map((exchange) => [
    new Date(exchange.asked_at).toISOString(),
    exchange.author_name,
    exchange.agent,
    exchange.question,
    exchange.answer,
    exchange.status,
    exchange.analyses,
    exchange.tokens,
    exchange.flag ? 'yes' : 'no',
    exchange.flag ? MODERATION_CATEGORY_LABELS[exchange.flag] : null,
    exchange.flag_detail,
    exchange.held_answer,
    exchange.flag_handled_at === null ? null : new Date(exchange.flag_handled_at).toISOString(),
    exchange.flag_handled_by_name,
  ]);
  return csvRows([header, ...rows]);
}

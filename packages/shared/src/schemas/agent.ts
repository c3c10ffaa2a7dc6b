// Docs: docs/ai.md#agents-in-case-channels — the zod schemas of agents' modes and messages (rules:
// ../agents.ts).
import { z } from 'zod';
import { AI_AGENT_COOPERATION_MODES } from '../agents';
import { messageChartSchema } from '../dataAnalyst/chart';

/** The mode an instructor may set for one agent of one activity. */
export const aiAgentCooperationModeSchema = z.enum(AI_AGENT_COOPERATION_MODES);

/** What a message written by an agent says of itself (`messages.ai`). */
export const messageAiSchema = z.object({
  /** The agent's name (`DataAnalystBot`). */
  agent: z.string(),
  /** The product the agent belongs to (its title), shown beside the AI badge. */
  product_title: z.string(),
  /**
   * `streaming`: a model is still writing it (the body grows); `failed`: the agent could not
   * answer (the body says so).
   */
  status: z.enum(['streaming', 'done', 'failed']),
  /**
   * DataAnalystBot's chart of the table it analysed (a histogram or a scatter), drawn in the
   * message; absent on other replies. Bounded by the engine's limits (docs/ai.md).
   */
  chart: messageChartSchema.exactOptional(),
});

/** The AI label of an agent's message; null for people's messages. */
export type MessageAi = z.infer<typeof messageAiSchema>;

// Docs: docs/ai.md#finding-an-agent — the AI agents of a case channel, for the mention picker and
// the agent's card: those of its enabled activities with a product (`channelAgents`, the members
// panel's rule). Students never get an agent that cannot answer on this server. The catalogue is
// read only when an activity of this channel has a product, through the zod-free live query.
import { useMemo } from 'react';
import { agentCanAnswer, channelAgents, type Activity, type ChannelAgent } from '@seminar/shared';
import { useActivities } from '../../data/activities';
import { useLlmConfigured, useProducts } from '../../data/productsLive';

/** An agent of the channel with what its card shows. */
export interface ChannelAgentInfo extends ChannelAgent {
  activity: Activity;
  /** The product's description ('' when it has none). */
  description: string;
  /** False when it needs a language model this server does not have (staff see it anyway). */
  canAnswer: boolean;
}

const NONE: readonly ChannelAgentInfo[] = [];

export function useChannelAgents(
  classId: string,
  channelId: string,
  canManage: boolean,
): readonly ChannelAgentInfo[] {
  const activities = useActivities(classId);
  const withProduct = activities.rows.some(
    (activity) => activity.channel_id === channelId && activity.product_id !== null,
  );
  const products = useProducts(withProduct);
  const llm = useLlmConfigured();
  return useMemo(() => {
    if (!withProduct) return NONE;
    const byActivity = new Map(activities.rows.map((a) => [a.activity_id, a]));
    const byProduct = new Map(products.rows.map((p) => [p.product_id, p]));
    const found: ChannelAgentInfo[] = [];
    for (const agent of channelAgents(channelId, activities.rows, products.rows)) {
      const activity = byActivity.get(agent.activityId);
      if (!activity) continue;
      const canAnswer = agentCanAnswer(agent.agent, llm === true);
      if (!canAnswer && !canManage) continue;
      const product = activity.product_id ? byProduct.get(activity.product_id) : undefined;
      found.push({ ...agent, activity, description: product?.description ?? '', canAnswer });
    }
    return found;
  }, [withProduct, activities.rows, products.rows, channelId, llm, canManage]);
}

// Docs: docs/ai.md#finding-an-agent — reads a case channel's AI agents (useChannelAgents) and hands
// them to the chat. Its own chunk, loaded only for a channel whose activity has an AI product, so
// the class page's first load does not carry the catalogue's live query.
import { useEffect } from 'react';
import { useChannelAgents, type ChannelAgentInfo } from './useChannelAgents';

export default function ChannelAgentsSource({
  classId,
  channelId,
  canManage,
  onAgents,
}: {
  classId: string;
  channelId: string;
  canManage: boolean;
  onAgents: (agents: readonly ChannelAgentInfo[]) => void;
}) {
  const agents = useChannelAgents(classId, channelId, canManage);
  useEffect(() => onAgents(agents), [agents, onAgents]);
  return null;
}

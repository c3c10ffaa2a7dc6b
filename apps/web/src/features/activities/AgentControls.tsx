// Docs: docs/ai.md#modes — an activity's AI agents on its card: everyone sees who they are and
// when they answer; instructors and class admins choose each agent's mode (pause it) here.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AGENT_MODE_LABELS,
  AGENT_NOT_CONFIGURED,
  agentCanAnswer,
  AI_AGENT_COOPERATION_MODES,
  type AiAgentCooperationMode,
  type ChannelAgent,
} from '@seminar/shared';
import { useLlmConfigured } from '../../data/products';
import { AgentAvatar, AgentBadge } from '../chat/AgentBadge';

/** The agents of one activity, with a mode picker per agent for managers. */
export function AgentControls({
  agents,
  manager,
  onMode,
}: {
  agents: readonly ChannelAgent[];
  manager: boolean;
  onMode: (agent: string, mode: AiAgentCooperationMode) => void;
}) {
  const llm = useLlmConfigured();
  // Students never see an agent that cannot answer here (no broken bot); instructors are told why.
  const shown = manager
    ? agents
    : agents.filter((agent) => agentCanAnswer(agent.agent, llm === true));
  if (shown.length === 0) return null;
  return (
    <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="AI agents">
      {shown.map((agent) => (
        <Stack
          key={agent.agent}
          component="li"
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <AgentAvatar size={24} />
          <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
            {agent.agent}
          </Typography>
          <AgentBadge productTitle={agent.productTitle} />
          {llm === false && !agentCanAnswer(agent.agent, false) ? (
            <Typography component="span" variant="caption" sx={{ color: 'warning.main' }}>
              {AGENT_NOT_CONFIGURED}
            </Typography>
          ) : null}
          {manager ? (
            <TextField
              select
              size="small"
              label={`When ${agent.agent} answers`}
              value={agent.mode}
              onChange={(event) =>
                onMode(agent.agent, event.target.value as AiAgentCooperationMode)
              }
              sx={{ minWidth: 240 }}
            >
              {AI_AGENT_COOPERATION_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {AGENT_MODE_LABELS[mode]}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
              {AGENT_MODE_LABELS[agent.mode]}
            </Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

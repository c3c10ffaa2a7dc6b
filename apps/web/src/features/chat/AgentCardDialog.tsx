// Docs: docs/ai.md#finding-an-agent — an agent's card: what it is, what it can see, when it
// answers (paused or not), its tutor mode's promise, and that the instructor reads the exchanges.
// Its own chunk, loaded when a name is first opened.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  AGENT_CONTEXT_MESSAGES,
  AGENT_MODE_LABELS,
  BOT_NAME,
  tutorLabel,
  tutorPromise,
} from '@seminar/shared';
import { useLlmConfigured } from '../../data/productsLive';
import type { ChannelAgentInfo } from './useChannelAgents';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" spacing={0.5}>
      <Typography component="h3" variant="subtitle2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** What the agent's answers are made from, in words. */
export function agentSees(agent: string, llm: boolean): string {
  if (agent === BOT_NAME && !llm)
    return 'Only the message that mentions it, with a table in it or a table file attached. It computes its numbers with code, not a language model.';
  return `This channel's last ${AGENT_CONTEXT_MESSAGES} messages up to the question, and the AI product's description. Nothing from other channels or classes.`;
}

export default function AgentCardDialog({
  name,
  agent,
  onClose,
}: {
  name: string;
  agent: ChannelAgentInfo | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const llm = useLlmConfigured() === true;
  const promise = agent && llm ? tutorPromise(agent.activity.ai_tutor) : null;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="xs"
      aria-labelledby="agent-card-title"
    >
      <DialogTitle id="agent-card-title">{name} · AI agent</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {agent ? (
            <>
              <Section title="What it is">
                <Typography variant="body2">
                  An AI agent of {agent.productTitle}, in the activity “{agent.activityTitle}”. It
                  is not a person.
                </Typography>
                {agent.description ? (
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {agent.description}
                  </Typography>
                ) : null}
              </Section>
              <Section title="What it can see">
                <Typography variant="body2">{agentSees(agent.agent, llm)}</Typography>
              </Section>
              <Section title="When it answers">
                <Typography variant="body2">
                  {agent.mode === 'paused'
                    ? 'Paused by the instructor: it does not answer now.'
                    : agent.canAnswer
                      ? AGENT_MODE_LABELS[agent.mode]
                      : 'It cannot answer on this server (no language model is configured).'}
                </Typography>
                {promise && agent.activity.ai_tutor ? (
                  <Typography variant="body2">
                    {tutorLabel(agent.activity.ai_tutor.mode)} tutor: {promise}
                  </Typography>
                ) : null}
              </Section>
            </>
          ) : (
            <Typography variant="body2">
              This agent no longer takes part in this channel.
            </Typography>
          )}
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            Your instructor can read your conversations with AI agents.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

// Docs: docs/ai.md#agents-in-case-channels — how an AI agent is shown: never like a person. A robot
// avatar in another colour, an "AI" chip beside its name with the product it belongs to, and an
// "AI-generated" note under each of its messages.
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { BOT_NAME } from '@seminar/shared';
import SmartToyIcon from '@mui/icons-material/SmartToy';

/** The avatar of an agent (a robot, not initials). */
export function AgentAvatar({ size = 32 }: { size?: number }) {
  return (
    <Avatar aria-hidden sx={{ width: size, height: size, mt: 0.25, bgcolor: 'secondary.main' }}>
      <SmartToyIcon sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}

/** The "AI" chip and the product's name, shown beside an agent's name. */
export function AgentBadge({ productTitle }: { productTitle: string }) {
  return (
    <>
      <Chip
        label="AI"
        size="small"
        color="secondary"
        sx={{ height: 18, fontSize: '0.7rem', fontWeight: 600 }}
      />
      {productTitle ? (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          {productTitle}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The note under each message an agent wrote: DataAnalystBot's answers are numbers, other agents'
 * are words, and each note says what to check.
 */
export function AiGeneratedNote({
  status,
  agent,
}: {
  status: 'streaming' | 'done' | 'failed';
  agent: string;
}) {
  return (
    <Typography
      variant="caption"
      sx={{ color: 'text.secondary', display: 'block' }}
      {...(status === 'streaming' ? { role: 'status' } : {})}
    >
      {status === 'failed'
        ? 'AI agent — no answer'
        : status === 'streaming'
          ? 'AI-generated — writing…'
          : agent === BOT_NAME
            ? 'AI-generated — check the numbers before you rely on them'
            : 'AI-generated — check it before you rely on it'}
    </Typography>
  );
}

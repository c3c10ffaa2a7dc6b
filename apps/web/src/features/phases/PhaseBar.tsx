// Docs: docs/phases.md — the phase bar of a case channel: the phase in force and its countdown for
// everyone (server time: the client's clock corrected by the measured offset), Start / Next phase /
// End and the phase editor for instructors and class admins, and for a student who has not posted
// in a post-first phase, the line saying why classmates' posts are hidden.
import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  countOf,
  formatCountdown,
  PHASE_KIND_LABELS,
  phaseSecondsLeft,
  type PhaseAdvance,
} from '@seminar/shared';
import { usePhaseActions } from '../../data/phases';
import { useServerOffset } from '../../live/serverTime';
import type { CasePhaseView } from './useCasePhase';
import { AnonymityControl } from './AnonymityControl';

// The editor (a form dialog) loads when first opened, not with the channel.
const PhaseEditor = lazy(() =>
  import('./PhaseEditor').then((module) => ({ default: module.PhaseEditor })),
);

/** Seconds left on the deadline by server time, re-rendered every second while it runs. */
function useSecondsLeft(deadline: number | null): number | null {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [deadline]);
  return phaseSecondsLeft(deadline, now + offset);
}

export function PhaseBar({ view, staff }: { view: CasePhaseView; staff: boolean }) {
  const { activity, phase, hiddenLine } = view;
  if (!activity) return null;
  if (!staff && !phase) return null;
  return <Bar view={view} staff={staff} hiddenLine={hiddenLine} />;
}

function Bar({
  view,
  staff,
  hiddenLine,
}: {
  view: CasePhaseView;
  staff: boolean;
  hiddenLine: string | null;
}) {
  const activity = view.activity!;
  const { phase } = view;
  const actions = usePhaseActions(activity);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const left = useSecondsLeft(phase ? activity.phase_deadline : null);
  const count = activity.phases.length;
  const index = activity.phase_index ?? 0;
  const advance = (action: PhaseAdvance) => {
    setBusy(true);
    setError(null);
    void actions.advance(action, phase?.id ?? null).then((refusal) => {
      setBusy(false);
      setError(refusal);
    });
  };
  const status = phase
    ? `Phase ${index + 1} of ${count}: ${phase.title} · ${PHASE_KIND_LABELS[phase.kind]}`
    : count === 0
      ? 'No phases yet'
      : activity.phase_state === 'done'
        ? 'Phases finished'
        : `${countOf(count, { one: 'phase', other: 'phases' })}, not started`;
  return (
    <Box
      component="section"
      aria-label="Phase"
      sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Typography variant="body2" sx={{ fontWeight: 500 }} aria-live="polite">
          {status}
        </Typography>
        {phase && activity.phase_state === 'overtime' ? (
          <Typography variant="body2" role="status" sx={{ color: 'warning.main' }}>
            {staff ? 'Time is up. Move on when you are ready.' : 'Time is up.'}
          </Typography>
        ) : left !== null ? (
          <Typography
            variant="body2"
            role="timer"
            aria-label="Time left"
            sx={{
              fontVariantNumeric: 'tabular-nums',
              color: left <= 10 ? 'warning.main' : 'text.secondary',
            }}
          >
            {formatCountdown(left)}
          </Typography>
        ) : null}
        {staff ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {phase ? (
              <>
                <Button
                  size="small"
                  variant="contained"
                  disabled={busy}
                  onClick={() => advance('next')}
                >
                  {index + 1 < count ? 'Next phase' : 'Finish'}
                </Button>
                <Button size="small" disabled={busy} onClick={() => advance('end')}>
                  End phases
                </Button>
              </>
            ) : count > 0 ? (
              <Button
                size="small"
                variant="contained"
                disabled={busy}
                onClick={() => advance('start')}
              >
                Start phases
              </Button>
            ) : null}
            <Button size="small" onClick={() => setEditing(true)}>
              {count === 0 ? 'Set up phases' : 'Edit phases'}
            </Button>
            <AnonymityControl activity={activity} staff onMakeAnonymous={actions.makeAnonymous} />
          </Stack>
        ) : (
          <AnonymityControl
            activity={activity}
            staff={false}
            onMakeAnonymous={actions.makeAnonymous}
          />
        )}
      </Stack>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {hiddenLine ? (
        <Alert severity="info" role="status" sx={{ mt: 1 }}>
          {hiddenLine}
        </Alert>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <PhaseEditor
            activity={activity}
            onSave={actions.setPhases}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

// Docs: docs/phases.md — the phase editor (instructors and class admins): an ordered list of
// phases, each with a kind, a title, an optional timer and what happens at zero; add, remove and
// move them. The server checks the list again (typed errors shown above the fields).
import { useState, type FormEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  PHASE_KIND_LABELS,
  PHASE_KINDS,
  PHASE_MAX_COUNT,
  PHASE_TIMER_MAX_SECONDS,
  PHASE_TIMER_MIN_SECONDS,
  type Activity,
  type Phase,
  type PhaseKind,
} from '@seminar/shared';
import { FormDialog } from '../common/FormDialog';

interface Draft {
  id: string;
  kind: PhaseKind;
  title: string;
  /** Seconds as typed; empty: no timer. */
  timer: string;
  at_zero: Phase['at_zero'];
}

const newId = () => `ph${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const draftOf = (phase: Phase): Draft => ({
  ...phase,
  timer: phase.timer_seconds === null ? '' : String(phase.timer_seconds),
});

/** The phases of the drafts, or the first problem's words. */
function phasesOf(drafts: Draft[]): Phase[] | string {
  const phases: Phase[] = [];
  for (const [index, draft] of drafts.entries()) {
    const title = draft.title.trim();
    if (!title) return `Give phase ${index + 1} a title.`;
    const timer = draft.timer.trim();
    const seconds = timer === '' ? null : Number(timer);
    if (
      seconds !== null &&
      (!Number.isInteger(seconds) ||
        seconds < PHASE_TIMER_MIN_SECONDS ||
        seconds > PHASE_TIMER_MAX_SECONDS)
    )
      return `The timer of phase ${index + 1} is a whole number of seconds from ${PHASE_TIMER_MIN_SECONDS} to ${PHASE_TIMER_MAX_SECONDS}, or empty.`;
    phases.push({
      id: draft.id,
      kind: draft.kind,
      title,
      timer_seconds: seconds,
      at_zero: draft.at_zero,
    });
  }
  return phases;
}

export function PhaseEditor({
  activity,
  onSave,
  onClose,
}: {
  activity: Activity;
  onSave: (phases: Phase[]) => Promise<string | null>;
  onClose: () => void;
}) {
  const [drafts, setDrafts] = useState<Draft[]>(() => activity.phases.map(draftOf));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const change = (index: number, patch: Partial<Draft>) =>
    setDrafts((all) => all.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const move = (index: number, by: number) =>
    setDrafts((all) => {
      const next = [...all];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      return next;
    });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phases = phasesOf(drafts);
    if (typeof phases === 'string') {
      setError(phases);
      return;
    }
    setSaving(true);
    void onSave(phases).then((refusal) => {
      setSaving(false);
      if (refusal) setError(refusal);
      else onClose();
    });
  };
  return (
    <FormDialog
      open
      title={`Phases of ${activity.title}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      submitting={saving}
      maxWidth="md"
    >
      {drafts.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No phases yet. Add the phases of the discussion in the order you will run them.
        </Typography>
      ) : null}
      {drafts.map((draft, index) => {
        const n = index + 1;
        return (
          <Stack
            key={draft.id}
            component="fieldset"
            aria-label={`Phase ${n}`}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            useFlexGap
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1,
              m: 0,
              alignItems: { sm: 'center' },
            }}
          >
            <TextField
              label={`Title of phase ${n}`}
              value={draft.title}
              onChange={(event) => change(index, { title: event.target.value })}
              size="small"
              sx={{ flex: 2 }}
            />
            <TextField
              select
              label={`Kind of phase ${n}`}
              value={draft.kind}
              onChange={(event) => change(index, { kind: event.target.value as PhaseKind })}
              size="small"
              sx={{ flex: 2, minWidth: 180 }}
            >
              {PHASE_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {PHASE_KIND_LABELS[kind]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={`Timer of phase ${n} (seconds)`}
              value={draft.timer}
              onChange={(event) => change(index, { timer: event.target.value })}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              sx={{ flex: 1, minWidth: 120 }}
            />
            <TextField
              select
              label={`At zero, phase ${n}`}
              value={draft.at_zero}
              onChange={(event) =>
                change(index, { at_zero: event.target.value as Phase['at_zero'] })
              }
              size="small"
              sx={{ flex: 1, minWidth: 140 }}
            >
              <MenuItem value="end">Ends by itself</MenuItem>
              <MenuItem value="ask">Ask me</MenuItem>
            </TextField>
            <Stack direction="row">
              <IconButton
                aria-label={`Move phase ${n} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </IconButton>
              <IconButton
                aria-label={`Move phase ${n} down`}
                disabled={index === drafts.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </IconButton>
              <IconButton
                aria-label={`Remove phase ${n}`}
                onClick={() => setDrafts((all) => all.filter((_, i) => i !== index))}
              >
                ✕
              </IconButton>
            </Stack>
          </Stack>
        );
      })}
      <Button
        onClick={() =>
          setDrafts((all) => [
            ...all,
            { id: newId(), kind: 'plenary', title: '', timer: '', at_zero: 'end' },
          ])
        }
        disabled={drafts.length >= PHASE_MAX_COUNT}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add phase
      </Button>
    </FormDialog>
  );
}

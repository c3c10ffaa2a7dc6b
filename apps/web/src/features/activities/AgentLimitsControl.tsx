// Docs: docs/ai.md#limits-and-schedules — an activity's per-student agent limits and schedule on
// its card, for instructors and class admins: the limits in words and a dialog to set them, checked
// with the shared schema the server applies (so what the dialog accepts, the server accepts).
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PHASE_KINDS,
  PHASE_KIND_LABELS,
  agentLimitsSchema,
  describeAgentLimits,
  type Activity,
  type AgentLimits,
  type PhaseKind,
} from '@seminar/shared';
import { useActivityActions } from '../../data/activities';
import { FormDialog } from '../common/FormDialog';

/** "Limits for students: 3 answers per student per day · …" and a "Limits" button. */
export function AgentLimitsControl({ activity }: { activity: Activity }) {
  const actions = useActivityActions(activity.class_id);
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {`Limits for students: ${describeAgentLimits(activity.ai_limits)}`}
      </Typography>
      <Button size="small" onClick={() => setOpen(true)}>
        Limits
      </Button>
      {open ? (
        <LimitsDialog
          activity={activity}
          onClose={() => setOpen(false)}
          onSave={(limits) => {
            void actions.setAgentLimits(activity, limits);
            setOpen(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** The browser's time zone, the first choice for a new schedule. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(current) ? known : [current, ...known];
}

/** A whole number, null for an empty field, or the text itself for the schema to refuse. */
function limitValue(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function LimitsDialog({
  activity,
  onClose,
  onSave,
}: {
  activity: Activity;
  onClose: () => void;
  onSave: (limits: AgentLimits) => void;
}) {
  const limits = activity.ai_limits;
  const [perDay, setPerDay] = useState(limits.per_student_day?.toString() ?? '');
  const [perActivity, setPerActivity] = useState(limits.per_student_activity?.toString() ?? '');
  const [useHours, setUseHours] = useState(limits.hours !== null);
  const [from, setFrom] = useState(limits.hours?.from ?? '09:00');
  const [to, setTo] = useState(limits.hours?.to ?? '17:00');
  const [zone, setZone] = useState(
    limits.hours !== null || limits.per_student_day !== null ? limits.time_zone : browserTimeZone(),
  );
  const [phasesOff, setPhasesOff] = useState<PhaseKind[]>(limits.phases_off);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = agentLimitsSchema.safeParse({
      per_student_day: limitValue(perDay),
      per_student_activity: limitValue(perActivity),
      hours: useHours ? { from, to } : null,
      time_zone: zone,
      phases_off: phasesOff,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    onSave(parsed.data);
  };
  const togglePhase = (kind: PhaseKind, on: boolean) =>
    setPhasesOff((kinds) =>
      on
        ? PHASE_KINDS.filter((k) => k === kind || kinds.includes(k))
        : kinds.filter((k) => k !== kind),
    );
  return (
    <FormDialog
      open
      title={`Agent limits of ${activity.title}`}
      onClose={onClose}
      onSubmit={submit}
      error={Object.keys(errors).length > 0 ? 'Check the fields marked below.' : null}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        For students only: past a limit, or outside the hours and phases set, an agent tells the
        student once when they may ask again. Empty: no limit.
      </Typography>
      <TextField
        label="Answers per student per day"
        value={perDay}
        onChange={(event) => setPerDay(event.target.value)}
        error={Boolean(errors.per_student_day)}
        helperText={errors.per_student_day}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        label="Answers per student in this activity"
        value={perActivity}
        onChange={(event) => setPerActivity(event.target.value)}
        error={Boolean(errors.per_student_activity)}
        helperText={errors.per_student_activity}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormControlLabel
        control={
          <Checkbox checked={useHours} onChange={(event) => setUseHours(event.target.checked)} />
        }
        label="Answer only between set hours"
      />
      {useHours ? (
        <Stack direction="row" spacing={2}>
          <TextField
            label="From"
            type="time"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={Boolean(errors['hours.from'])}
            helperText={errors['hours.from']}
            sx={{ flex: 1 }}
          />
          <TextField
            label="To"
            type="time"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={Boolean(errors['hours.to'])}
            helperText={errors['hours.to']}
            sx={{ flex: 1 }}
          />
        </Stack>
      ) : null}
      <TextField
        select
        label="Time zone (of the hours and of a day)"
        value={zone}
        onChange={(event) => setZone(event.target.value)}
        error={Boolean(errors.time_zone)}
        helperText={errors.time_zone}
        slotProps={{ select: { native: true } }}
      >
        {timeZones(zone).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </TextField>
      <FormGroup>
        <FormLabel component="legend">No answers to students during</FormLabel>
        {PHASE_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            control={
              <Checkbox
                checked={phasesOff.includes(kind)}
                onChange={(event) => togglePhase(kind, event.target.checked)}
              />
            }
            label={`${PHASE_KIND_LABELS[kind]} phases`}
          />
        ))}
      </FormGroup>
    </FormDialog>
  );
}

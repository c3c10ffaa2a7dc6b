// Docs: docs/ai.md#tutor-modes — an activity's tutor mode on its card, for instructors and class
// admins: the mode and its promise to students, and a dialog to pick one with a preview of exactly
// what the model is told (the shared template, at its latest version).
import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TUTOR_CUSTOM_MAX_LENGTH,
  TUTOR_MODES,
  currentTutorVersion,
  tutorChoiceSchema,
  tutorInstructions,
  tutorLabel,
  tutorPromise,
  type Activity,
  type TutorMode,
} from '@seminar/shared';
import { useActivityActions } from '../../data/activities';
import { FormDialog } from '../common/FormDialog';

const PRODUCT_OWN = 'product';

/** "Tutor mode: Socratic — This tutor won't give final answers…" and a "Tutor mode" button. */
export function TutorModeControl({ activity }: { activity: Activity }) {
  const actions = useActivityActions(activity.class_id);
  const [open, setOpen] = useState(false);
  const tutor = activity.ai_tutor;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {tutor
          ? `Tutor mode: ${tutorLabel(tutor.mode)} — ${tutorPromise(tutor)}`
          : "Tutor mode: the product's own"}
      </Typography>
      <Button size="small" onClick={() => setOpen(true)}>
        Tutor mode
      </Button>
      {open ? (
        <TutorDialog
          activity={activity}
          onClose={() => setOpen(false)}
          onSave={(choice) => {
            void actions.setTutorMode(activity, choice);
            setOpen(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

function TutorDialog({
  activity,
  onClose,
  onSave,
}: {
  activity: Activity;
  onClose: () => void;
  onSave: (choice: { mode: TutorMode; custom: string | null } | null) => void;
}) {
  const legendId = useId();
  const [mode, setMode] = useState<TutorMode | typeof PRODUCT_OWN>(
    activity.ai_tutor?.mode ?? PRODUCT_OWN,
  );
  const [custom, setCustom] = useState(activity.ai_tutor?.custom ?? '');
  const [error, setError] = useState<string | null>(null);
  const setting =
    mode === PRODUCT_OWN
      ? null
      : { mode, version: currentTutorVersion(mode), custom: mode === 'custom' ? custom : null };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === PRODUCT_OWN) {
      onSave(null);
      return;
    }
    const parsed = tutorChoiceSchema.safeParse({ mode, custom: mode === 'custom' ? custom : null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the instructions.');
      return;
    }
    onSave(parsed.data);
  };
  return (
    <FormDialog
      open
      title={`Tutor mode of ${activity.title}`}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="sm"
    >
      <FormLabel id={legendId}>How the activity's AI agents with a language model answer</FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        value={mode}
        onChange={(event) => {
          setMode(event.target.value as TutorMode | typeof PRODUCT_OWN);
          setError(null);
        }}
      >
        <FormControlLabel
          value={PRODUCT_OWN}
          control={<Radio />}
          label="As the product says (no tutor mode)"
        />
        {TUTOR_MODES.map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            label={`${tutorLabel(value)}: ${tutorPromise({ mode: value, version: currentTutorVersion(value), custom: null })}`}
          />
        ))}
      </RadioGroup>
      {mode === 'custom' ? (
        <TextField
          label="Your instructions"
          multiline
          minRows={3}
          value={custom}
          onChange={(event) => {
            setCustom(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={
            error ??
            `${custom.length.toLocaleString()} of ${TUTOR_CUSTOM_MAX_LENGTH.toLocaleString()} characters`
          }
        />
      ) : null}
      {setting ? (
        <Box component="section" aria-label="What the model is told">
          <Typography variant="subtitle2">What the model is told</Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'inherit',
              bgcolor: 'action.hover',
              p: 1,
              borderRadius: 1,
              m: 0,
            }}
          >
            {tutorInstructions(setting)}
          </Typography>
        </Box>
      ) : null}
    </FormDialog>
  );
}

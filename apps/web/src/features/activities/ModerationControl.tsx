// Docs: docs/ai.md#moderation — the class's moderation checks, for its instructors and class admins:
// a button beside the Activities heading opening a dialog of three switches (offensive language,
// personal data, the moderation service), saved together.
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ModerationSettings } from '@seminar/shared';
import { useModerationSettings, useSetModerationSettings } from '../../data/aiWatch';
import { FormDialog } from '../common/FormDialog';

const CHECKS: ReadonlyArray<[keyof ModerationSettings, string]> = [
  ['profanity', 'Offensive language (a kept profanity list)'],
  ['personal_data', 'Personal data: phone numbers, e-mail addresses, card numbers'],
  ['external', 'The moderation service, when this server has one'],
];

export function ModerationControl({ classId }: { classId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        AI moderation
      </Button>
      {open ? <ModerationDialog classId={classId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ModerationDialog({ classId, onClose }: { classId: string; onClose: () => void }) {
  const current = useModerationSettings(classId, true);
  const save = useSetModerationSettings(classId);
  const [edited, setEdited] = useState<ModerationSettings | null>(null);
  const settings = edited ?? current.data ?? null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!settings) return;
    save.mutate(settings, { onSuccess: onClose });
  };
  return (
    <FormDialog
      open
      title="AI moderation in this class"
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      error={save.isError ? save.error.message : current.isError ? current.error.message : null}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Students’ questions to AI agents, and every answer, are checked before the model or the
        channel sees them. Flagged ones are held back and listed for you in the activity’s review.
      </Typography>
      {settings
        ? CHECKS.map(([key, label]) => (
            <FormControlLabel
              key={key}
              label={label}
              control={
                <Switch
                  checked={settings[key]}
                  onChange={(event) => setEdited({ ...settings, [key]: event.target.checked })}
                />
              }
            />
          ))
        : !current.isError && (
            <Skeleton
              variant="rounded"
              height={96}
              role="progressbar"
              aria-label="Loading the settings"
            />
          )}
    </FormDialog>
  );
}

// Docs: docs/institutions.md#registering-in-canvas — the platform form: what the LMS shows, pasted.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ltiPlatformFieldsSchema, type LtiPlatform, type LtiPlatformFields } from '@seminar/shared';

type Field = keyof Omit<LtiPlatformFields, 'deployment_ids'> | 'deployment_ids';
const FIELDS: Array<{ key: Field; label: string; help: string }> = [
  { key: 'name', label: 'Name', help: 'Shown on this page, e.g. "Canvas".' },
  { key: 'issuer', label: 'Issuer', help: "The platform's issuer (Platform ID in Moodle)." },
  { key: 'client_id', label: 'Client id', help: "Seminar's client id in the platform." },
  { key: 'deployment_ids', label: 'Deployment ids', help: 'One or more, separated by commas.' },
  { key: 'auth_login_url', label: 'Auth login URL', help: 'Authentication request URL.' },
  { key: 'token_url', label: 'Token URL', help: 'Access token URL.' },
  { key: 'jwks_url', label: 'JWKS URL', help: 'Public keyset URL.' },
];

export function LtiPlatformDialog({
  platform,
  onClose,
  onSave,
}: {
  platform: LtiPlatform | null;
  onClose: () => void;
  onSave: (fields: LtiPlatformFields) => Promise<string | null>;
}) {
  const [values, setValues] = useState<Record<Field, string>>({
    name: platform?.name ?? '',
    issuer: platform?.issuer ?? '',
    client_id: platform?.client_id ?? '',
    deployment_ids: platform?.deployment_ids.join(', ') ?? '',
    auth_login_url: platform?.auth_login_url ?? '',
    token_url: platform?.token_url ?? '',
    jwks_url: platform?.jwks_url ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const parsed = ltiPlatformFieldsSchema.safeParse({
      ...values,
      deployment_ids: values.deployment_ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    setProblem(await onSave(parsed.data));
    setSaving(false);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="lti-platform-title">
      <DialogTitle id="lti-platform-title">
        {platform ? `Edit ${platform.name}` : 'Add platform'}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="lti-platform-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {problem && <Alert severity="error">{problem}</Alert>}
          {FIELDS.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              value={values[field.key]}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
              error={Boolean(errors[field.key])}
              helperText={errors[field.key] ?? field.help}
              required
              fullWidth
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="lti-platform-form" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

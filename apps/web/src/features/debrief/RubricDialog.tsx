// Docs: docs/debrief.md#the-rubric — the rubric's editor: the scale and the weighted criteria, each
// marked by hand or computed from a participation figure with the figure that earns the full mark.
// The shared rule (rubricProblem) explains what is wrong before saving; the server checks it again.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  PARTICIPATION_FIGURES,
  PARTICIPATION_FIGURE_LABELS,
  RUBRIC_MAX_CRITERIA,
  rubricProblem,
  type CriterionSource,
  type Rubric,
  type RubricCriterion,
} from '@seminar/shared';

interface Draft {
  id: string;
  name: string;
  weight: string;
  source: CriterionSource;
  target: string;
}

const toDraft = (criterion: RubricCriterion): Draft => ({
  id: criterion.id,
  name: criterion.name,
  weight: String(criterion.weight),
  source: criterion.source,
  target: criterion.target === null ? '' : String(criterion.target),
});

const STARTER: Draft[] = [
  { id: 'c1', name: 'Contributions', weight: '40', source: 'messages', target: '5' },
  { id: 'c2', name: 'Quality', weight: '40', source: 'manual', target: '' },
  { id: 'c3', name: 'Peer engagement', weight: '20', source: 'replies', target: '3' },
];

function nextId(drafts: readonly Draft[]): string {
  const used = new Set(drafts.map((d) => d.id));
  for (let n = 1; ; n += 1) if (!used.has(`c${n}`)) return `c${n}`;
}

export function RubricDialog({
  rubric,
  onClose,
  onSave,
}: {
  rubric: Rubric | null;
  onClose: () => void;
  onSave: (rubric: Rubric) => Promise<string | null>;
}) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [scale, setScale] = useState(String(rubric?.scale ?? 10));
  const [drafts, setDrafts] = useState<Draft[]>(rubric ? rubric.criteria.map(toDraft) : STARTER);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const next: Rubric = {
    scale: Number(scale),
    criteria: drafts.map((d) => ({
      id: d.id,
      name: d.name.trim(),
      weight: Number(d.weight),
      source: d.source,
      target: d.source === 'manual' || d.target.trim() === '' ? null : Number(d.target),
    })),
  };
  const problem = rubricProblem(next);
  const change = (index: number, patch: Partial<Draft>) =>
    setDrafts(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle>Rubric</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Marks out of"
            type="number"
            size="small"
            value={scale}
            onChange={(event) => setScale(event.target.value)}
            sx={{ maxWidth: 160 }}
          />
          {drafts.map((draft, index) => (
            <Stack
              key={draft.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              useFlexGap
              sx={{ alignItems: { sm: 'center' } }}
            >
              <TextField
                label={`Criterion ${index + 1}`}
                size="small"
                value={draft.name}
                onChange={(event) => change(index, { name: event.target.value })}
                sx={{ flexGrow: 1 }}
              />
              <TextField
                label={`Weight of criterion ${index + 1} (%)`}
                type="number"
                size="small"
                value={draft.weight}
                onChange={(event) => change(index, { weight: event.target.value })}
                sx={{ width: { sm: 150 } }}
              />
              <TextField
                select
                label={`Marked from (criterion ${index + 1})`}
                size="small"
                value={draft.source}
                onChange={(event) =>
                  change(index, { source: event.target.value as CriterionSource })
                }
                sx={{ width: { sm: 200 } }}
              >
                <MenuItem value="manual">By hand</MenuItem>
                {PARTICIPATION_FIGURES.map((figure) => (
                  <MenuItem key={figure} value={figure}>
                    {PARTICIPATION_FIGURE_LABELS[figure]}
                  </MenuItem>
                ))}
              </TextField>
              {draft.source !== 'manual' ? (
                <TextField
                  label={`Full mark at (criterion ${index + 1})`}
                  type="number"
                  size="small"
                  value={draft.target}
                  onChange={(event) => change(index, { target: event.target.value })}
                  sx={{ width: { sm: 150 } }}
                />
              ) : null}
              <IconButton
                aria-label={`Remove criterion ${index + 1}`}
                onClick={() => setDrafts(drafts.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            onClick={() =>
              setDrafts([
                ...drafts,
                { id: nextId(drafts), name: '', weight: '', source: 'manual', target: '' },
              ])
            }
            disabled={drafts.length >= RUBRIC_MAX_CRITERIA}
            sx={{ alignSelf: 'flex-start' }}
          >
            Add criterion
          </Button>
          {problem ? (
            <Alert severity="info" role="status">
              {problem}
            </Alert>
          ) : null}
          {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={problem !== null || saving}
          onClick={() => {
            setSaving(true);
            void onSave(next).then((answer) => {
              setSaving(false);
              setRefusal(answer);
            });
          }}
        >
          Save rubric
        </Button>
      </DialogActions>
    </Dialog>
  );
}

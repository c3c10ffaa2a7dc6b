// Docs: docs/debrief.md#the-rubric — the rubric and the grading grid (staff). Grades are live: a
// colleague's saved marks show at once in a row not being edited. "Download CSV" gets the
// gradebook from the server (computed marks filled in, formula-guarded).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  effectiveMarks,
  rubricTotal,
  type Activity,
  type GradingRow,
  type ParticipationFigure,
  type ParticipationRow,
  type Rubric,
} from '@seminar/shared';
import { useDebriefActions, useGrading } from '../../data/debrief';
import { LoadError } from '../common/EmptyState';
import { Loading } from '../common/Loading';
import { RubricDialog } from './RubricDialog';

type Grade = Extract<GradingRow, { kind: 'grade' }>;

/** Saves `text` as a file in the browser. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const figuresOf = (row: ParticipationRow): Partial<Record<ParticipationFigure, number>> => ({
  ...row,
  phases: row.phases.length,
});

export function GradingSection({
  activity,
  students,
}: {
  activity: Activity;
  students: readonly ParticipationRow[];
}) {
  const grading = useGrading(activity.class_id, activity.activity_id, true);
  const actions = useDebriefActions(activity.class_id, activity.activity_id);
  const [editing, setEditing] = useState(false);
  const [csvError, setCsvError] = useState<string | null>(null);
  if (grading.status === 'loading') return <Loading label="Loading the grades" />;
  if (grading.status === 'error')
    return <LoadError message={grading.error ?? ''} onRetry={grading.retry} />;
  const rubricRow = grading.rows.find((row) => row.kind === 'rubric');
  const rubric = rubricRow?.kind === 'rubric' ? rubricRow.rubric : null;
  const grades = new Map(
    grading.rows.filter((row): row is Grade => row.kind === 'grade').map((row) => [row.id, row]),
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {rubric
            ? `Rubric: ${rubric.criteria.map((c) => `${c.name} ${c.weight} %`).join(', ')} · marks out of ${rubric.scale}`
            : 'No rubric yet: set one up to grade.'}
        </Typography>
        <Button variant="outlined" onClick={() => setEditing(true)}>
          {rubric ? 'Edit rubric' : 'Set up the rubric'}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={!rubric}
          onClick={() =>
            void actions.gradebook().then((result) => {
              if ('error' in result) setCsvError(result.error);
              else {
                setCsvError(null);
                download(result.filename, result.csv);
              }
            })
          }
        >
          Download CSV
        </Button>
      </Stack>
      {csvError ? <Alert severity="error">{csvError}</Alert> : null}
      {rubric
        ? students.map((student) => (
            <GradeRow
              key={student.uid}
              rubric={rubric}
              student={student}
              grade={grades.get(student.uid) ?? null}
              onSave={(marks, comment) => actions.setGrade({ uid: student.uid, marks, comment })}
            />
          ))
        : null}
      {editing ? (
        <RubricDialog
          rubric={rubric}
          onClose={() => setEditing(false)}
          onSave={async (next) => {
            const refusal = await actions.setRubric(next);
            if (refusal === null) setEditing(false);
            return refusal;
          }}
        />
      ) : null}
    </Stack>
  );
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

function GradeRow({
  rubric,
  student,
  grade,
  onSave,
}: {
  rubric: Rubric;
  student: ParticipationRow;
  grade: Grade | null;
  onSave: (marks: Record<string, number>, comment: string) => Promise<string | null>;
}) {
  const saved = () => ({
    marks: Object.fromEntries(rubric.criteria.map((c) => [c.id, text(grade?.marks[c.id])])),
    comment: grade?.comment ?? '',
  });
  const [draft, setDraft] = useState(saved);
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState<{ error: string } | 'saving' | null>(null);
  // A colleague's save shows at once, unless this row has unsaved edits of its own.
  const version = grade?.version ?? 0;
  useEffect(() => {
    if (!dirty) setDraft(saved());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the saved row's version
  }, [version, rubric]);
  const marks: Record<string, number> = {};
  let bad = false;
  for (const [id, value] of Object.entries(draft.marks)) {
    if (value.trim() === '') continue;
    const number = Number(value);
    if (Number.isFinite(number)) marks[id] = number;
    else bad = true;
  }
  const effective = effectiveMarks(rubric, marks, figuresOf(student));
  const total = rubricTotal(rubric, effective);
  const set = (change: Partial<typeof draft>) => {
    setDirty(true);
    setDraft((current) => ({ ...current, ...change }));
  };
  return (
    <Box
      component="form"
      aria-label={`Grade for ${student.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        setStatus('saving');
        void onSave(marks, draft.comment).then((refusal) => {
          setStatus(refusal === null ? null : { error: refusal });
          if (refusal === null) setDirty(false);
        });
      }}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}
    >
      <Stack spacing={1}>
        <Typography component="h3" variant="subtitle1">
          {student.name}
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
            Total: {total === null ? '—' : `${total} %`}
          </Typography>
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
        >
          {rubric.criteria.map((criterion) => {
            const computed = effective[criterion.id];
            return (
              <TextField
                key={criterion.id}
                size="small"
                type="number"
                label={`${criterion.name} for ${student.name}`}
                value={draft.marks[criterion.id] ?? ''}
                placeholder={
                  criterion.source !== 'manual' && computed?.computed ? String(computed.mark) : ''
                }
                helperText={
                  criterion.source === 'manual'
                    ? `0–${rubric.scale}`
                    : `Computed: ${computed?.computed ? computed.mark : '—'} (type to override)`
                }
                slotProps={{ htmlInput: { min: 0, max: rubric.scale, step: 0.01 } }}
                onChange={(event) =>
                  set({ marks: { ...draft.marks, [criterion.id]: event.target.value } })
                }
                sx={{ width: { sm: 220 } }}
              />
            );
          })}
        </Stack>
        <TextField
          size="small"
          label={`Comment for ${student.name}`}
          value={draft.comment}
          multiline
          maxRows={4}
          onChange={(event) => set({ comment: event.target.value })}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            type="submit"
            variant="contained"
            size="small"
            disabled={bad || status === 'saving'}
            aria-label={`Save grade for ${student.name}`}
          >
            Save grade
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {status === 'saving'
              ? 'Saving…'
              : dirty
                ? 'Not saved yet'
                : grade
                  ? `Saved by ${grade.updated_by_name ?? 'someone'}, ${new Date(grade.updated_at).toLocaleString()}`
                  : 'Not graded yet'}
          </Typography>
        </Stack>
        {status !== null && status !== 'saving' ? (
          <Alert severity="error">{status.error}</Alert>
        ) : null}
      </Stack>
    </Box>
  );
}

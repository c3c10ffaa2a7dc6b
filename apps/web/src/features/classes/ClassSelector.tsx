// The app bar's class selector (SPEC §2): a select named "Class" listing my classes. Pending classes
// are shown greyed with why; choosing one clears the selection (and goes to the class list).
// Choosing a ready class selects it and opens its page.
import type { ReactNode } from 'react';
import { alpha } from '@mui/material/styles';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isPendingClass, type Class } from '@seminar/shared';
import { useNavigate } from 'react-router';
import { classPath, PATHS, type HomeState } from '../../routes/paths';
import { pendingLabel } from './classText';
import { useClassSelection } from './selection';

const NONE = '';

export function ClassSelector() {
  const { classes, selectedClassId, select } = useClassSelection();
  const navigate = useNavigate();
  const rows = classes.rows;
  const known = selectedClassId !== null && rows.some((row) => row.class_id === selectedClassId);
  const value = known ? selectedClassId : NONE;

  const onChange = (classId: string) => {
    const next = select(classId === NONE ? null : classId);
    const home: HomeState = { showList: true };
    if (next) void navigate(classPath(next));
    else void navigate(PATHS.home, { state: home });
  };

  const placeholder =
    classes.status === 'loading'
      ? 'Loading…'
      : rows.length === 0
        ? 'No classes yet'
        : 'Choose a class';

  return (
    <TextField
      select
      size="small"
      label="Class"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={(theme) => ({
        width: { xs: 128, sm: 220, md: 280 },
        flexShrink: 1,
        minWidth: 0,
        '& .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused': {
          color: theme.palette.common.white,
        },
        '& .MuiOutlinedInput-root': {
          color: 'inherit',
          '& fieldset': { borderColor: alpha(theme.palette.common.white, 0.5) },
          '&:hover fieldset': { borderColor: theme.palette.common.white },
          '&.Mui-focused fieldset': { borderColor: theme.palette.common.white },
        },
        '& .MuiSelect-icon': { color: 'inherit' },
      })}
      slotProps={{
        select: {
          displayEmpty: true,
          renderValue: (selected: unknown): ReactNode => {
            const cls = rows.find((row) => row.class_id === selected);
            return cls ? cls.name : <span style={{ opacity: 0.8 }}>{placeholder}</span>;
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 420, maxWidth: '90vw' } } } },
        },
        inputLabel: { shrink: true },
      }}
    >
      {rows.length === 0 && (
        <MenuItem value={NONE} disabled>
          {placeholder}
        </MenuItem>
      )}
      {rows.map((cls) => (
        <MenuItem key={cls.class_id} value={cls.class_id} sx={optionSx(cls)}>
          <ListItemText primary={cls.name} secondary={optionDetail(cls)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

function optionSx(cls: Class) {
  return isPendingClass(cls) ? { color: 'text.secondary', fontStyle: 'italic' } : undefined;
}

function optionDetail(cls: Class): string | undefined {
  if (isPendingClass(cls)) return `${pendingLabel(cls)} — not available yet`;
  return [cls.course_code, cls.course_term].filter(Boolean).join(' · ') || undefined;
}

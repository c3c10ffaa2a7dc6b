// The app bar's class selector (SPEC §2): a select named "Class" listing my classes, then "All
// classes" (My classes) and "Find a class". It shows the class the URL selects (selection.tsx).
// Choosing a ready class opens its page; a pending class is shown greyed with why, and choosing it
// goes to My classes (nothing selected).
import type { ReactNode } from 'react';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isPendingClass, isSelectableClass, type Class } from '@seminar/shared';
import { useNavigate } from 'react-router';
import { classPath, PATHS } from '../../routes/paths';
import { useFirstContentShown } from '../../shell/firstContent';
import { pendingLabel } from './classText';
import { useClassSelection } from './selection';

const NONE = '';
/** The selector's box (a small outlined field), kept while it waits. */
const SELECTOR_SIZE = {
  width: { xs: 128, sm: 220, md: 280 },
  height: 40,
  flexShrink: 1,
  minWidth: 0,
} as const;
/** The menu's last two entries: not classes, but where to go (no class id looks like these). */
const ALL_CLASSES = ' all';
const FIND_A_CLASS = ' find';

export function ClassSelector() {
  const { classes, selectedClassId } = useClassSelection();
  const navigate = useNavigate();
  const shown = useFirstContentShown({ later: true });
  const rows = classes.rows;
  const known = selectedClassId !== null && rows.some((row) => row.class_id === selectedClassId);
  const value = known ? selectedClassId : NONE;

  const onChange = (choice: string) => {
    if (choice === FIND_A_CLASS) return void navigate(PATHS.publicClasses);
    const cls = rows.find((row) => row.class_id === choice);
    void navigate(cls && isSelectableClass(cls) ? classPath(cls.class_id) : PATHS.home);
  };

  // On a page opened onto a channel the selector follows the messages (shell/firstContent.ts),
  // in a box of its own size.
  if (!shown) return <Box aria-hidden sx={SELECTOR_SIZE} />;

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
        ...SELECTOR_SIZE,
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
      <MenuItem value={ALL_CLASSES} sx={{ borderTop: 1, borderColor: 'divider' }}>
        All classes
      </MenuItem>
      <MenuItem value={FIND_A_CLASS}>Find a class</MenuItem>
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

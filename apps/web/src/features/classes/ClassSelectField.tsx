// The app bar's class selector field (ClassSelector.tsx), a chunk of its own: MUI's select (with its
// Menu, Popover and Modal) is not in a signed-in page's first load; the selector's box waits for it.
import type { ReactNode } from 'react';
import { alpha } from '@mui/material/styles';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isPendingClass, type Class } from '@seminar/shared';
import { pendingLabel } from './classText';
import { ALL_CLASSES, FIND_A_CLASS, NONE, SELECTOR_CLASS } from './classSelectorParts';

export default function ClassSelectField({
  rows,
  value,
  placeholder,
  onChange,
}: {
  rows: readonly Class[];
  value: string;
  placeholder: string;
  onChange: (choice: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Class"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={SELECTOR_CLASS}
      sx={(theme) => ({
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
        My classes
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

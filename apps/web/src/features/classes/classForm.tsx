// The class form (create and settings): labelled fields for every class field, checked with the
// shared `pendingClassFormSchema` (the server applies the same), each error shown under its field.
import { useCallback } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { pendingClassFormSchema, type Class, type PendingClassForm } from '@seminar/shared';
import { fieldErrorsFrom, joinLabels, splitLabels } from '../common/formErrors';
import { useFormFields, type FormErrors, type TextFieldName } from '../common/useFormFields';

/** The form's values as typed (labels as comma-separated text, dates as 'YYYY-MM-DD' or ''). */
export interface ClassFormValues {
  name: string;
  course_code: string;
  course_term: string;
  course_name: string;
  course_description: string;
  course_disciplines: string;
  course_categories: string;
  start_date: string;
  end_date: string;
  is_public: boolean;
}

export type ClassField = keyof ClassFormValues;
export type ClassFormErrors = FormErrors<ClassFormValues>;

/** The fields in the order they are shown (the first one in error gets focus). */
export const CLASS_FIELDS: readonly ClassField[] = [
  'name',
  'course_code',
  'course_term',
  'course_name',
  'course_description',
  'course_disciplines',
  'course_categories',
  'start_date',
  'end_date',
  'is_public',
];

export function emptyClassForm(): ClassFormValues {
  return {
    name: '',
    course_code: '',
    course_term: '',
    course_name: '',
    course_description: '',
    course_disciplines: '',
    course_categories: '',
    start_date: '',
    end_date: '',
    is_public: false,
  };
}

/** A class's values for the settings form. */
export function classFormFrom(cls: Class): ClassFormValues {
  return {
    name: cls.name,
    course_code: cls.course_code,
    course_term: cls.course_term,
    course_name: cls.course_name,
    course_description: cls.course_description,
    course_disciplines: joinLabels(cls.course_disciplines),
    course_categories: joinLabels(cls.course_categories),
    start_date: cls.start_date ?? '',
    end_date: cls.end_date ?? '',
    is_public: cls.is_public,
  };
}

export type ClassFormResult =
  { ok: true; value: PendingClassForm } | { ok: false; errors: ClassFormErrors };

/** Checks the values with `pendingClassFormSchema`: the parsed form, or an error per field. */
export function parseClassForm(values: ClassFormValues): ClassFormResult {
  const result = pendingClassFormSchema.safeParse({
    ...values,
    course_disciplines: splitLabels(values.course_disciplines),
    course_categories: splitLabels(values.course_categories),
  });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: fieldErrorsFrom(result.error.issues) as ClassFormErrors };
}

/** Form state: values, errors, edits that clear their field's error, and focus on the first error. */
export function useClassForm(initial: () => ClassFormValues) {
  const form = useFormFields(initial, CLASS_FIELDS);
  const { values, setErrors, showErrors } = form;

  /** Parses the values; on errors shows them and focuses the first field in error. */
  const check = useCallback((): PendingClassForm | null => {
    const result = parseClassForm(values);
    if (result.ok) {
      setErrors({});
      return result.value;
    }
    showErrors(result.errors);
    return null;
  }, [values, setErrors, showErrors]);

  return { ...form, check };
}

export type ClassFormState = ReturnType<typeof useClassForm>;

const LABELS_HELP = 'Separate with commas';

/** The labelled fields of the class form. */
export function ClassFormFields({
  form,
  disabled = false,
  autoFocus = false,
}: {
  form: ClassFormState;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { values, errors, change } = form;
  const text = (field: TextFieldName<ClassFormValues>, label: string, help?: string) => ({
    ...form.textField(field, label, help),
    disabled,
  });
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField {...text('name', 'Name')} required autoFocus={autoFocus} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...text('course_code', 'Course code', 'For example PHYS 101')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...text('course_term', 'Term', 'For example Spring 2026')} />
      </Grid>
      <Grid size={12}>
        <TextField {...text('course_name', 'Course name')} />
      </Grid>
      <Grid size={12}>
        <TextField {...text('course_description', 'Description')} multiline minRows={2} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...text('course_disciplines', 'Disciplines', LABELS_HELP)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField {...text('course_categories', 'Categories', LABELS_HELP)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...text('start_date', 'Start date')}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          {...text('end_date', 'End date')}
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={12}>
        <FormControlLabel
          control={
            <Switch
              name="is_public"
              checked={values.is_public}
              onChange={(event) => change('is_public', event.target.checked)}
              disabled={disabled}
            />
          }
          label="Public"
        />
        <FormHelp>
          {errors.is_public ?? 'Anyone signed in can find a public class and join it as a student.'}
        </FormHelp>
      </Grid>
    </Grid>
  );
}

function FormHelp({ children }: { children: string }) {
  return <FormHelperText sx={{ mt: 0 }}>{children}</FormHelperText>;
}

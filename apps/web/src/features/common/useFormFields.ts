// The state and text-field wiring the activity, product and class forms share: values as typed, an
// error per field (shown under it, cleared when the field is edited), and focus on the first field
// in error — so each form only says which fields it has and how its values are checked.
import { useCallback, useRef, useState } from 'react';
import { withoutError } from './formErrors';

/** An error per field, plus 'form' for one that belongs to no field (e.g. "not connected"). */
export type FormErrors<V> = Partial<Record<(keyof V & string) | 'form', string>>;

/** The fields whose value is text (a `TextField`'s; a switch's boolean is wired by hand). */
export type TextFieldName<V> = {
  [K in keyof V & string]: V[K] extends string ? K : never;
}[keyof V & string];

/** The props a MUI `TextField` takes for one field: its label and accessible name, value, error. */
export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: boolean;
  helperText: string | undefined;
  inputRef: (element: HTMLElement | null) => void;
  fullWidth: true;
}

/**
 * Form state over `initial()`'s values. `order` is the order the fields are shown in: after a
 * failed check the first of them in error gets focus.
 */
export function useFormFields<V extends object>(
  initial: () => V,
  order: readonly (keyof V & string)[],
) {
  type Field = keyof V & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const inputs = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  /** Sets a field's value and drops its error: the user is fixing it. */
  const change = useCallback(<F extends Field>(field: F, value: V[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  }, []);

  /** Shows a failed check's errors and focuses the first field in error. */
  const showErrors = useCallback(
    (next: FormErrors<V>) => {
      setErrors(next);
      const first = order.find((field) => next[field]);
      if (first) inputs.current[first]?.focus();
    },
    [order],
  );

  const inputRef = useCallback(
    (field: Field) => (element: HTMLElement | null) => {
      inputs.current[field] = element;
    },
    [],
  );

  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);

  /** A text field's props: `label` is its accessible name; `help` shows while it has no error. */
  const textField = (name: TextFieldName<V>, label: string, help?: string): TextFieldProps => ({
    label,
    name,
    value: values[name] as string,
    onChange: (event) => change(name, event.target.value as V[typeof name]),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? help,
    inputRef: inputRef(name),
    fullWidth: true,
  });

  return { values, errors, setErrors, change, showErrors, inputRef, reset, textField };
}

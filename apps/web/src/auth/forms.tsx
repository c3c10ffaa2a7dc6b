// Building blocks of the signed-out forms (sign in, create account, forgot password): the page
// frame, the form alert, the password field, the pending submit button and field error state.
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import type { AuthErrorField } from '@seminar/shared';
import { useLocation } from 'react-router';
import type { ReturnToState } from '../routes/paths';
import { usePageTitle } from '../shell/usePageTitle';
import type { FieldErrors } from './formChecks';

/** Router state the signed-out pages pass between them (`from` survives the whole round trip). */
export interface AuthPageState extends ReturnToState {
  /** Set by Forgot password after a reset: Sign in says so. */
  passwordChanged?: boolean;
  /** An address to fill in. */
  email?: string;
}

/** The router state of a signed-out page, keeping only well-formed fields. */
export function useAuthPageState(): AuthPageState {
  const { state } = useLocation();
  return useMemo(() => {
    const value = (typeof state === 'object' && state !== null ? state : {}) as Record<
      string,
      unknown
    >;
    const result: AuthPageState = {};
    if (typeof value.from === 'string') result.from = value.from;
    if (value.passwordChanged === true) result.passwordChanged = true;
    if (typeof value.email === 'string') result.email = value.email;
    return result;
  }, [state]);
}

/** Page frame inside the signed-out card: title (h1, also the document title) and content. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack spacing={2.5}>
      <Typography component="h1" variant="h5">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** An error about the form as a whole (role alert, so it is announced). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <Alert severity="error">{message}</Alert>;
}

/** The form's submit button: while `pending` it is disabled and shows a spinner, same name. */
export function SubmitButton({
  pending,
  children,
  ...props
}: { pending: boolean; children: ReactNode } & Omit<ButtonProps, 'type' | 'loading'>) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth loading={pending} {...props}>
      {children}
    </Button>
  );
}

/** What the auth forms give a field. */
export interface AuthTextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** Attributes of the <input> itself (inputMode, pattern, maxLength). */
  htmlInput?: Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'pattern' | 'maxLength'>;
  endAdornment?: ReactNode;
}

/**
 * An outlined text field of the auth forms: full width and required. Every field of these forms is
 * required, so the label shows no asterisk (the input still says `required` to assistive
 * technology). Built from MUI's parts rather than TextField, which also brings the select menus
 * (and their popovers) into the sign-in page's code.
 */
export function AuthTextField({
  label,
  helperText,
  error = false,
  htmlInput,
  endAdornment,
  ...input
}: AuthTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth required error={error} disabled={input.disabled} variant="outlined">
      <InputLabel htmlFor={id} required={false}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        endAdornment={endAdornment}
        inputProps={{
          ...htmlInput,
          'aria-describedby': helperText ? helperId : undefined,
        }}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

/** A password AuthTextField with a show / hide toggle. */
export function PasswordField(props: Omit<AuthTextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            edge="end"
            onClick={() => setVisible((shown) => !shown)}
            onMouseDown={(event) => event.preventDefault()}
          >
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/**
 * Field error state of a form. `show` sets the errors and moves focus to the first field in error
 * (in `order`); `clear(field)` drops one field's error when the user edits it; `inputRef(field)`
 * registers the field's input for that focus.
 */
export function useFieldErrors(order: readonly AuthErrorField[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<AuthErrorField, HTMLInputElement | null>>>({});

  const show = useCallback(
    (next: FieldErrors) => {
      setErrors(next);
      const first = order.find((field) => next[field]);
      if (first) inputs.current[first]?.focus();
    },
    [order],
  );

  const clear = useCallback((field: AuthErrorField) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }, []);

  const inputRef = useCallback(
    (field: AuthErrorField) => (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    [],
  );

  return { errors, show, clear, inputRef };
}

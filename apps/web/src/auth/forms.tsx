// Building blocks of the signed-out forms (sign in, create account, forgot password, verify): the
// page frame, the form alert, the text and password fields, the pending submit button and field
// error state. Plain HTML and CSS (shell/plain.css), no MUI: these pages load before sign-in and
// their JavaScript is kept small (docs/ARCHITECTURE.md#first-load).
import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { RESET_CODE_LENGTH, type AuthErrorField } from '@seminar/shared';
import { useLocation } from 'react-router';
import type { ReturnToState } from '../routes/paths';
import { PlainLink, type PlainLinkProps } from '../shell/PlainLink';
import { ICON_PATHS, Notice, PathIcon, PlainButton, type PlainButtonProps } from '../shell/ui';
import { usePageTitle } from '../shell/usePageTitle';
import { cleanResetCode, type FieldErrors } from './formChecks';
import './forms.css';

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
    <div className="sm-stack sm-stack-page">
      <h1 className="sm-h1">{title}</h1>
      {children}
    </div>
  );
}

/** An error about the form as a whole (role alert, so it is announced). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return <Notice severity="error">{message}</Notice>;
}

/** The form's submit button: while `pending` it is disabled and shows a spinner, same name. */
export function SubmitButton({
  pending,
  children,
  ...props
}: { pending: boolean; children: ReactNode } & Omit<
  PlainButtonProps,
  'type' | 'pending' | 'variant'
>) {
  return (
    <PlainButton type="submit" variant="contained" pending={pending} {...props}>
      {children}
    </PlainButton>
  );
}

/** A link of the signed-out pages (router navigation). */
export function AuthLink(props: PlainLinkProps) {
  return <PlainLink className="sm-link" {...props} />;
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
 * A text field of the auth forms: label above an outlined input, full width and required. Every
 * field of these forms is required, so the label shows no asterisk (the input still says `required`
 * to assistive technology); the helper text (or the error) describes the input.
 */
export function AuthTextField({
  label,
  helperText,
  error = false,
  htmlInput,
  endAdornment,
  inputRef,
  ...input
}: AuthTextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <div className={error ? 'sm-field sm-field-error' : 'sm-field'}>
      <label className="sm-label" htmlFor={id}>
        {label}
      </label>
      <div className="sm-input-wrap">
        <input
          {...htmlInput}
          {...input}
          id={id}
          ref={inputRef}
          className={endAdornment ? 'sm-input sm-input-with-end' : 'sm-input'}
          required
          aria-invalid={error}
          aria-describedby={helperText ? helperId : undefined}
        />
        {endAdornment}
      </div>
      {helperText ? (
        <p className="sm-helper" id={helperId}>
          {helperText}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The e-mailed code's field (verify an address, reset a password): digits only, as many as a code
 * has, filled in from the phone's or browser's one-time-code suggestion.
 */
export function CodeField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  /** The cleaned code (digits only, at most a code's length). */
  onChange: (code: string) => void;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <AuthTextField
      label="Code"
      name="code"
      autoComplete="one-time-code"
      autoFocus
      value={value}
      onChange={(event) => onChange(cleanResetCode(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? `${RESET_CODE_LENGTH} digits from the email`}
      inputRef={inputRef}
      htmlInput={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: RESET_CODE_LENGTH }}
    />
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
        <button
          type="button"
          className="sm-icon-button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          onMouseDown={(event) => event.preventDefault()}
        >
          <PathIcon path={visible ? ICON_PATHS.visibilityOff : ICON_PATHS.visibility} />
        </button>
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

/** What useFormAction is given: the request, and what to do when it starts, succeeds or fails. */
export interface FormActionOptions<Input, Result> {
  mutationFn: (input: Input) => Promise<Result>;
  onMutate?: (input: Input) => void;
  onSuccess?: (result: Result, input: Input) => void;
  onError?: (error: unknown) => void;
}

/**
 * A form's request and its pending state — TanStack Query's useMutation shape (`mutate`,
 * `isPending`) for the signed-out pages, without its MutationObserver in their first script.
 */
export function useFormAction<Input = void, Result = unknown>(
  options: FormActionOptions<Input, Result>,
): { mutate: (input: Input) => void; isPending: boolean } {
  const [isPending, setPending] = useState(false);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const mutate = useCallback((input: Input) => {
    const { mutationFn, onMutate } = latest.current;
    setPending(true);
    onMutate?.(input);
    mutationFn(input).then(
      (result) => {
        setPending(false);
        latest.current.onSuccess?.(result, input);
      },
      (error: unknown) => {
        setPending(false);
        latest.current.onError?.(error);
      },
    );
  }, []);
  return { mutate, isPending };
}

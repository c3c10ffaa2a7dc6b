// Password reset by e-mailed code (DESIGN §2: 6 digits, 10 minutes, 5 tries). Step 1 asks for the
// e-mail and sends the code; step 2 takes the code and the new password, then goes to Sign in.
// The reset mail links straight to step 2 for its address (?email=…&step=code), and step 1 offers
// "I already have a code": asking for a new code would replace the one in hand.
import { useState, type FormEvent } from 'react';
import {
  normalizeEmail,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_MS,
  type AuthErrorField,
} from '@seminar/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi, toAuthError, type ResetPasswordInput } from '../../auth/authApi';
import {
  checkEmail,
  checkNewPassword,
  checkResetCode,
  onlyErrors,
  PASSWORD_HELPER_TEXT,
  placeAuthError,
  REQUIRED_WORDS,
} from '../../auth/formChecks';
import {
  AuthLink,
  AuthPage,
  AuthTextField,
  CodeField,
  FormAlert,
  PasswordField,
  SubmitButton,
  useAuthPageState,
  useFieldErrors,
  useFormAction,
  type AuthPageState,
} from '../../auth/forms';
import { DevOutboxNote } from '../../auth/DevOutboxNote';
import { Notice, PlainButton } from '../../shell/ui';
import { PATHS } from '../paths';

const EMAIL_FIELDS: readonly AuthErrorField[] = ['email'];
const RESET_FIELDS: readonly AuthErrorField[] = ['code', 'newPassword'];
/** On the reset form the policy's 'password' errors belong to "New password". */
const RESET_RENAME = { password: 'newPassword' } as const;

const CODE_TTL_MINUTES = Math.round(RESET_CODE_TTL_MS / 60_000);

/** What step 2 says about the code that was sent. */
export function codeSentMessage(email: string): string {
  return `If an account exists for ${email}, we sent it a ${RESET_CODE_LENGTH}-digit code. It works for ${CODE_TTL_MINUTES} minutes.`;
}

/** What step 2 says when the person came with a code (the mail's link, "I already have a code"). */
export function codeInHandMessage(email: string): string {
  return `Enter the ${RESET_CODE_LENGTH}-digit code we mailed to ${email} and choose a new password.`;
}

/** The value of `?step=` that opens the "enter the code" step (the reset mail's link). */
export const CODE_STEP = 'code';

/** Step 2's address from the mail's link, when it carries a valid one; else null. */
function linkedAddress(params: URLSearchParams): string | null {
  const email = params.get('email');
  if (params.get('step') !== CODE_STEP || !email || checkEmail(email)) return null;
  return normalizeEmail(email);
}

export function ForgotPasswordPage() {
  const pageState = useAuthPageState();
  const navigate = useNavigate();
  // An invitation mail to an address with an unconfirmed account links here with it (?email=).
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(pageState.email ?? searchParams.get('email') ?? '');
  /** Step 2's address (the code went to it); set means step 2. */
  const [step, setStep] = useState<{ email: string; justSent: boolean } | null>(() => {
    const linked = linkedAddress(searchParams);
    return linked ? { email: linked, justSent: false } : null;
  });
  const sentTo = step?.email ?? null;

  return (
    <AuthPage title="Forgot password">
      {step === null ? (
        <EmailStep
          email={email}
          onEmailChange={setEmail}
          onSent={(address) => setStep({ email: address, justSent: true })}
          onHaveCode={(address) => setStep({ email: address, justSent: false })}
        />
      ) : (
        <ResetStep
          email={step.email}
          justSent={step.justSent}
          onUseAnotherEmail={() => setStep(null)}
          onDone={() => {
            const state: AuthPageState = { passwordChanged: true, email: step.email };
            if (pageState.from !== undefined) state.from = pageState.from;
            void navigate(PATHS.signIn, { replace: true, state });
          }}
        />
      )}
      <p className="sm-body2">
        <AuthLink
          to={PATHS.signIn}
          state={{ from: pageState.from, email: (sentTo ?? email.trim()) || undefined }}
        >
          Back to sign in
        </AuthLink>
      </p>
    </AuthPage>
  );
}

function EmailStep({
  email,
  onEmailChange,
  onSent,
  onHaveCode,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onSent: (email: string) => void;
  onHaveCode: (email: string) => void;
}) {
  const { errors, show, clear, inputRef } = useFieldErrors(EMAIL_FIELDS);
  const send = useFormAction({
    mutationFn: (address: string) => authApi.sendResetCode(address),
    onSuccess: (_data, address) => onSent(address),
    onError: (error) => show(placeAuthError(toAuthError(error), EMAIL_FIELDS)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = onlyErrors({ email: checkEmail(email) });
    show(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(normalizeEmail(email));
  };

  const haveCode = () => {
    if (send.isPending) return;
    const found = onlyErrors({ email: checkEmail(email) });
    show(found);
    if (Object.keys(found).length > 0) return;
    onHaveCode(normalizeEmail(email));
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="sm-stack">
        <p className="sm-text-secondary">
          Enter the email of your account. We’ll send you a {RESET_CODE_LENGTH}-digit code to choose
          a new password.
        </p>
        <FormAlert message={errors.form} />
        <AuthTextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            clear('email');
          }}
          error={Boolean(errors.email)}
          helperText={errors.email}
          inputRef={inputRef('email')}
        />
        <SubmitButton pending={send.isPending}>Send code</SubmitButton>
        <div className="sm-row">
          <PlainButton disabled={send.isPending} onClick={haveCode}>
            I already have a code
          </PlainButton>
        </div>
      </div>
    </form>
  );
}

function ResetStep({
  email,
  justSent,
  onUseAnotherEmail,
  onDone,
}: {
  email: string;
  /** The code was asked for on this page a moment ago (else the person came with one). */
  justSent: boolean;
  onUseAnotherEmail: () => void;
  onDone: () => void;
}) {
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [resent, setResent] = useState(false);
  const { errors, show, clear, inputRef } = useFieldErrors(RESET_FIELDS);

  const reset = useFormAction({
    mutationFn: (input: ResetPasswordInput) => authApi.resetPassword(input),
    onSuccess: onDone,
    onError: (error) => show(placeAuthError(toAuthError(error), RESET_FIELDS, RESET_RENAME)),
  });
  const resend = useFormAction({
    mutationFn: () => authApi.sendResetCode(email),
    onMutate: () => setResent(false),
    onSuccess: () => {
      setCode('');
      show({});
      setResent(true);
    },
    onError: (error) => show(placeAuthError(toAuthError(error), RESET_FIELDS, RESET_RENAME)),
  });
  const busy = reset.isPending || resend.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = onlyErrors({
      code: checkResetCode(code),
      newPassword: checkNewPassword(newPassword, REQUIRED_WORDS.newPassword),
    });
    show(found);
    if (Object.keys(found).length > 0) return;
    reset.mutate({ email, otp: code, password: newPassword });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="sm-stack">
        <p className="sm-text" role="status">
          {justSent ? codeSentMessage(email) : codeInHandMessage(email)}
        </p>
        <DevOutboxNote />
        {resent && <Notice severity="success">We sent a new code. Use the newest one.</Notice>}
        <FormAlert message={errors.form} />
        <CodeField
          value={code}
          onChange={(next) => {
            setCode(next);
            clear('code');
          }}
          error={errors.code}
          inputRef={inputRef('code')}
        />
        <PasswordField
          label="New password"
          name="new-password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.target.value);
            clear('newPassword');
          }}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword ?? PASSWORD_HELPER_TEXT}
          inputRef={inputRef('newPassword')}
        />
        <SubmitButton pending={reset.isPending} disabled={resend.isPending}>
          Reset password
        </SubmitButton>
        <div className="sm-row">
          <PlainButton
            pending={resend.isPending}
            disabled={reset.isPending}
            onClick={() => resend.mutate()}
          >
            Send a new code
          </PlainButton>
          <PlainButton disabled={busy} onClick={onUseAnotherEmail}>
            Use another email
          </PlainButton>
        </div>
      </div>
    </form>
  );
}

// "Verify your e-mail" (issue 14.1, docs/accounts.md#verification): a signed-in account whose
// address is not proved yet sees only this step. Sign-up mailed a 6-digit code; entering it claims
// the invitations waiting for the address and opens the app. A new code can be sent, and the user
// can sign out (wrong address: sign up again with the right one).
import { useState, type FormEvent } from 'react';
import { RESET_CODE_LENGTH, RESET_CODE_TTL_MS, type AuthErrorField } from '@seminar/shared';
import { authApi, toAuthError } from '../../auth/authApi';
import { checkResetCode, onlyErrors, placeAuthError } from '../../auth/formChecks';
import {
  AuthPage,
  CodeField,
  FormAlert,
  SubmitButton,
  useFieldErrors,
  useFormAction,
} from '../../auth/forms';
import { useRefreshSession, useSignOut } from '../../auth/session';
import { DevOutboxNote } from '../../auth/DevOutboxNote';
import { Notice, PlainButton } from '../../shell/ui';
import { AuthFrame } from '../SignedOutLayout';

const CODE_FIELDS: readonly AuthErrorField[] = ['code'];
const CODE_TTL_MINUTES = Math.round(RESET_CODE_TTL_MS / 60_000);

/** The full-page step; `email` is the signed-in account's address. */
export function VerifyEmailPage({ email }: { email: string }) {
  return (
    <AuthFrame>
      <AuthPage title="Verify your e-mail">
        <VerifyForm email={email} />
      </AuthPage>
    </AuthFrame>
  );
}

function VerifyForm({ email }: { email: string }) {
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const { errors, show, clear, inputRef } = useFieldErrors(CODE_FIELDS);
  const refreshSession = useRefreshSession();
  const { signOut } = useSignOut();

  const verify = useFormAction({
    mutationFn: (otp: string) => authApi.verifyEmail({ email, otp }),
    // The session now says verified: the layout shows the app, with the claimed classes.
    onSuccess: () => void refreshSession(),
    onError: (error) => show(placeAuthError(toAuthError(error), CODE_FIELDS)),
  });
  const resend = useFormAction({
    mutationFn: () => authApi.sendVerificationCode(email),
    onMutate: () => setResent(false),
    onSuccess: () => {
      setCode('');
      show({});
      setResent(true);
    },
    onError: (error) => show(placeAuthError(toAuthError(error), CODE_FIELDS)),
  });
  const busy = verify.isPending || resend.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = onlyErrors({ code: checkResetCode(code) });
    show(found);
    if (Object.keys(found).length > 0) return;
    verify.mutate(code);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="sm-stack">
        <p className="sm-text" role="status">
          We sent a {RESET_CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it to confirm
          the address is yours; your invitations and team channels open then. A code works for{' '}
          {CODE_TTL_MINUTES} minutes.
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
        <SubmitButton pending={verify.isPending} disabled={resend.isPending}>
          Verify
        </SubmitButton>
        <div className="sm-row">
          <PlainButton
            pending={resend.isPending}
            disabled={verify.isPending}
            onClick={() => resend.mutate()}
          >
            Send a new code
          </PlainButton>
          <PlainButton disabled={busy} onClick={() => void signOut()}>
            Sign out
          </PlainButton>
        </div>
      </div>
    </form>
  );
}

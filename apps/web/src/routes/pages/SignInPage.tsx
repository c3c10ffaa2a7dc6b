// Sign in with e-mail and password. Also shows why the user was signed out (SPEC §8:
// 'user-disabled', 'user-token-expired') and that a password reset succeeded.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { authErrorWords, normalizeEmail, type AuthErrorField } from '@seminar/shared';
import { authApi, toAuthError, type SignInInput } from '../../auth/authApi';
import { checkEmail, checkPassword, onlyErrors, placeAuthError } from '../../auth/formChecks';
import {
  AuthLink,
  AuthPage,
  AuthTextField,
  FormAlert,
  PasswordField,
  SubmitButton,
  useAuthPageState,
  useFieldErrors,
  useFormAction,
} from '../../auth/forms';
import { clearSignOutNotice, useConfirmSignedIn, useSignOutNotice } from '../../auth/session';
import { SsoButtons } from '../../auth/SsoButtons';
import { Notice } from '../../shell/ui';
import { PATHS } from '../paths';

const FIELDS: readonly AuthErrorField[] = ['email', 'password'];

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. Sign in with your new password.';

export function SignInPage() {
  const pageState = useAuthPageState();
  const notice = useSignOutNotice();
  const confirmSignedIn = useConfirmSignedIn();
  // An invitation mail to an address with an unconfirmed account links here with it (?email=).
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(pageState.email ?? searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const { errors, show, clear, inputRef } = useFieldErrors(FIELDS);

  const signIn = useFormAction({
    mutationFn: async (input: SignInInput) => {
      // Analytics loads with the sign-in, not with the page (the page's JavaScript stays small).
      const analytics = import('../../analytics/events');
      const result = await authApi.signIn(input);
      await confirmSignedIn();
      const uid = result?.user?.id;
      if (uid) (await analytics).logEvent('sign_in', { uid });
    },
    onError: (error) => show(placeAuthError(toAuthError(error), FIELDS)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const found = onlyErrors({ email: checkEmail(email), password: checkPassword(password) });
    show(found);
    if (Object.keys(found).length > 0) return;
    signIn.mutate({ email: normalizeEmail(email), password });
  };

  const linkState = { from: pageState.from };

  return (
    <AuthPage title="Sign in">
      {notice && (
        <Notice severity="warning" onClose={clearSignOutNotice}>
          {authErrorWords(notice).message}
        </Notice>
      )}
      {pageState.passwordChanged && <Notice severity="success">{PASSWORD_CHANGED_MESSAGE}</Notice>}
      <SsoButtons />
      <form noValidate onSubmit={onSubmit}>
        <div className="sm-stack">
          <FormAlert message={errors.form} />
          <AuthTextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              clear('email');
            }}
            error={Boolean(errors.email)}
            helperText={errors.email}
            inputRef={inputRef('email')}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
            error={Boolean(errors.password)}
            helperText={errors.password}
            inputRef={inputRef('password')}
          />
          <SubmitButton pending={signIn.isPending}>Sign in</SubmitButton>
        </div>
      </form>
      <div className="sm-row">
        <AuthLink
          to={PATHS.forgotPassword}
          state={{ ...linkState, email: email.trim() || undefined }}
        >
          Forgot password?
        </AuthLink>
        <AuthLink to={PATHS.signUp} state={linkState}>
          Create account
        </AuthLink>
      </div>
    </AuthPage>
  );
}

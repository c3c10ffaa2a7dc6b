// Sign in with e-mail and password. Also shows why the user was signed out (SPEC §8:
// 'user-disabled', 'user-token-expired') and that a password reset succeeded.
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { authErrorWords, normalizeEmail, type AuthErrorField } from '@seminar/shared';
import { Link as RouterLink } from 'react-router';
import { logEvent } from '../../analytics/events';
import { authApi, toAuthError, type SignInInput } from '../../auth/authApi';
import { checkEmail, checkPassword, onlyErrors, placeAuthError } from '../../auth/formChecks';
import {
  AuthPage,
  AuthTextField,
  FormAlert,
  PasswordField,
  SubmitButton,
  useAuthPageState,
  useFieldErrors,
} from '../../auth/forms';
import { clearSignOutNotice, useConfirmSignedIn, useSignOutNotice } from '../../auth/session';
import { PATHS } from '../paths';

const FIELDS: readonly AuthErrorField[] = ['email', 'password'];

export const PASSWORD_CHANGED_MESSAGE = 'Password changed. Sign in with your new password.';

export function SignInPage() {
  const pageState = useAuthPageState();
  const notice = useSignOutNotice();
  const confirmSignedIn = useConfirmSignedIn();
  const [email, setEmail] = useState(pageState.email ?? '');
  const [password, setPassword] = useState('');
  const { errors, show, clear, inputRef } = useFieldErrors(FIELDS);

  const signIn = useMutation({
    mutationFn: async (input: SignInInput) => {
      const result = await authApi.signIn(input);
      await confirmSignedIn();
      const uid = result?.user?.id;
      if (uid) logEvent('sign_in', { uid });
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
        <Alert severity="warning" onClose={clearSignOutNotice}>
          {authErrorWords(notice).message}
        </Alert>
      )}
      {pageState.passwordChanged && <Alert severity="success">{PASSWORD_CHANGED_MESSAGE}</Alert>}
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
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
        </Stack>
      </Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Link
          component={RouterLink}
          to={PATHS.forgotPassword}
          state={{ ...linkState, email: email.trim() || undefined }}
        >
          Forgot password?
        </Link>
        <Link component={RouterLink} to={PATHS.signUp} state={linkState}>
          Create account
        </Link>
      </Stack>
    </AuthPage>
  );
}

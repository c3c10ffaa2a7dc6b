// Create an account (name, e-mail, password); the new account is signed in at once.
import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { normalizeEmail, type AuthErrorField } from '@seminar/shared';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { authApi, toAuthError, type SignUpInput } from '../../auth/authApi';
import {
  checkEmail,
  checkName,
  checkNewPassword,
  onlyErrors,
  PASSWORD_HELPER_TEXT,
  placeAuthError,
  REQUIRED_WORDS,
} from '../../auth/formChecks';
import {
  AuthPage,
  AuthTextField,
  FormAlert,
  PasswordField,
  SubmitButton,
  useAuthPageState,
  useFieldErrors,
} from '../../auth/forms';
import { useConfirmSignedIn } from '../../auth/session';
import { PATHS } from '../paths';

const FIELDS: readonly AuthErrorField[] = ['name', 'email', 'password'];

export const NAME_HELPER_TEXT = 'Last, First — or your name as you like it shown';

export function SignUpPage() {
  const pageState = useAuthPageState();
  const confirmSignedIn = useConfirmSignedIn();
  const [name, setName] = useState('');
  // An invitation mail links here with the invited address (?email=).
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(pageState.email ?? searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const { errors, show, clear, inputRef } = useFieldErrors(FIELDS);

  const signUp = useMutation({
    mutationFn: async (input: SignUpInput) => {
      await authApi.signUp(input);
      await confirmSignedIn();
    },
    onError: (error) => show(placeAuthError(toAuthError(error), FIELDS)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signUp.isPending) return;
    const found = onlyErrors({
      name: checkName(name),
      email: checkEmail(email),
      password: checkNewPassword(password, REQUIRED_WORDS.password),
    });
    show(found);
    if (Object.keys(found).length > 0) return;
    signUp.mutate({ name: name.trim(), email: normalizeEmail(email), password });
  };

  return (
    <AuthPage title="Create account">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <FormAlert message={errors.form} />
          <AuthTextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              clear('name');
            }}
            error={Boolean(errors.name)}
            helperText={errors.name ?? NAME_HELPER_TEXT}
            inputRef={inputRef('name')}
          />
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
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
            error={Boolean(errors.password)}
            helperText={errors.password ?? PASSWORD_HELPER_TEXT}
            inputRef={inputRef('password')}
          />
          <SubmitButton pending={signUp.isPending}>Create account</SubmitButton>
        </Stack>
      </Box>
      <Typography variant="body2">
        Already have an account?{' '}
        <Link
          component={RouterLink}
          to={PATHS.signIn}
          state={{ from: pageState.from, email: email.trim() || undefined }}
        >
          Sign in
        </Link>
      </Typography>
    </AuthPage>
  );
}

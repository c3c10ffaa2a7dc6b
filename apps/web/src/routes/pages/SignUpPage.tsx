// Create an account (name, e-mail, password); the new account is signed in at once.
import { useState, type FormEvent } from 'react';
import { normalizeEmail, type AuthErrorField } from '@seminar/shared';
import { useSearchParams } from 'react-router';
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

  const signUp = useFormAction({
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
      <form noValidate onSubmit={onSubmit}>
        <div className="sm-stack">
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
        </div>
      </form>
      <p className="sm-body2">
        Already have an account?{' '}
        <AuthLink
          to={PATHS.signIn}
          state={{ from: pageState.from, email: email.trim() || undefined }}
        >
          Sign in
        </AuthLink>
      </p>
    </AuthPage>
  );
}

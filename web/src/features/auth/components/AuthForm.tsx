import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AuthResponse } from '#contract/auth.ts';
import { authMessages } from '#contract/auth-terms.ts';
import { errorMessage } from '#web/shared/http.ts';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { saveSession } from '#web/shared/session.ts';
import { toast } from '#web/shared/toast.ts';
import { login } from '../api/login.ts';
import { register } from '../api/register.ts';
import { type AuthErrors, type AuthMode, type AuthValues, validateAuthForm } from '../validation.ts';

// The country list (a searchable select, its popover and 250 countries) loads when registering: most
// visits only sign in.
const CountrySelect = lazy(
  loadChunk(async () => ({ default: (await import('./CountrySelect.tsx')).CountrySelect })),
);
const nationalityLabel = { label: 'Nationality', placeholder: 'Choose your country' };

const emptyValues: AuthValues = { username: '', email: '', password: '', nationality: null };

export function AuthForm({
  mode,
  onModeChange,
  onForgotPassword,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onForgotPassword: () => void;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<AuthValues>(emptyValues);
  const [errors, setErrors] = useState<AuthErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const registering = mode === 'register';

  const set = (field: keyof AuthValues) => (value: string | null) =>
    setValues((current) => ({ ...current, [field]: value }));

  const switchMode = () => {
    setValues(emptyValues);
    setErrors({});
    setFailure(null);
    onModeChange(registering ? 'login' : 'register');
  };

  const fail = (message: string) => {
    setFailure(message);
    toast('error', registering ? authMessages.registrationFailed : authMessages.loginFailed, message);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateAuthForm(mode, values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setLoading(true);
    try {
      const response: Partial<AuthResponse> = registering
        ? await register({
            username: values.username.trim(),
            email: values.email,
            password: values.password,
            nationality: values.nationality,
          })
        : await login({ email: values.email, password: values.password });
      if (!response.access || !response.refresh) return fail(authMessages.noToken);
      saveSession({
        access: response.access,
        refresh: response.refresh,
        email: response.email ?? values.email.trim().toLowerCase(),
        ...(response.user ? { user: response.user } : {}),
      });
      navigate('/');
    } catch (error) {
      fail(errorMessage(error, authMessages.genericError, authMessages.networkError));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={registering ? 'Register' : 'Sign in'}>
      <Stack>
        {failure && (
          <Alert
            color="red"
            role="alert"
            title={registering ? authMessages.registrationFailed : authMessages.loginFailed}
          >
            {failure}
          </Alert>
        )}
        {registering && (
          <TextInput
            label="Username"
            autoComplete="username"
            value={values.username}
            onChange={(event) => set('username')(event.currentTarget.value)}
            error={errors.username}
            maxLength={150}
          />
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => set('email')(event.currentTarget.value)}
          error={errors.email}
          maxLength={254}
        />
        <PasswordInput
          label="Password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          value={values.password}
          onChange={(event) => set('password')(event.currentTarget.value)}
          error={errors.password}
          maxLength={256}
        />
        {registering && (
          <Suspense fallback={<TextInput {...nationalityLabel} disabled />}>
            <CountrySelect {...nationalityLabel} value={values.nationality} onChange={set('nationality')} />
          </Suspense>
        )}
        {!registering && (
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
              Forgot Password?
            </Anchor>
          </Group>
        )}
        {registering && (
          <Text size="sm" c="gray.7">
            We keep your account details to run your account.{' '}
            <Anchor component={Link} to="/privacy" underline="always">
              Read what we store, why and for how long
            </Anchor>
            .
          </Text>
        )}
        <Button type="submit" loading={loading} fullWidth>
          {registering ? 'Register' : 'Sign In'}
        </Button>
        <Text size="sm" ta="center">
          {registering ? 'Already have an account?' : 'New to Pilgrim Soul?'}{' '}
          <Anchor component="button" type="button" onClick={switchMode}>
            {registering ? 'Sign in instead' : 'Create an account'}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

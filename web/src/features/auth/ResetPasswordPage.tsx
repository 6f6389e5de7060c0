import { Alert, Button, Container, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { authMessages } from '#contract/auth-terms.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';
import { FailureAlert } from '#web/shared/forms/FailureAlert.tsx';
import { errorMessage } from '#web/shared/http.ts';
import { resetPassword } from './api/reset-password.ts';
import { useResetTokenCheck } from './api/verify-reset-token.ts';
import { type NewPasswordErrors, validateNewPassword } from './validation.ts';

const REDIRECT_AFTER_MS = 3000;

function InvalidLink({ message }: { message: string }) {
  return (
    <Stack>
      <Alert color="red" role="alert" title="Link not valid">
        {message}
      </Alert>
      <Button component={Link} to="/login">
        Return to Login
      </Button>
    </Stack>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword(password, confirmation);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error, authMessages.resetFailed));
    } finally {
      setSaving(false);
    }
  };

  if (done)
    return (
      <Alert color="sage" title="Password reset" role="status">
        {authMessages.resetDone} Taking you to sign in…
      </Alert>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FailureAlert message={failure} />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          {...bindText(password, setPassword)}
          error={errors.password}
          maxLength={256}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          {...bindText(confirmation, setConfirmation)}
          error={errors.confirmation}
          maxLength={256}
        />
        <Button type="submit" loading={saving}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { token } = useParams();
  const check = useResetTokenCheck(token);
  let content: React.ReactNode;
  if (!token) content = <InvalidLink message={authMessages.missingResetToken} />;
  else if (check.isPending)
    content = (
      <Stack align="center" role="status">
        <Loader />
        <Text>Verifying your reset link…</Text>
      </Stack>
    );
  else if (check.data?.valid) content = <NewPasswordForm token={token} />;
  else content = <InvalidLink message={authMessages.invalidResetToken} />;

  return (
    <Container size={460} py={60}>
      <Stack gap="lg">
        <Title order={1} ta="center">
          Reset your password
        </Title>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {content}
        </Paper>
      </Stack>
    </Container>
  );
}

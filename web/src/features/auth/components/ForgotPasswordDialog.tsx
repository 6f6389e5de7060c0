import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { authMessages } from '#contract/auth-terms.ts';
import { readEmail } from '#contract/email.ts';
import { bindText } from '#web/shared/forms/bind-text.ts';
import { FailureAlert } from '#web/shared/forms/FailureAlert.tsx';
import { requestPasswordReset } from '../api/request-password-reset.ts';

export function ForgotPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const close = () => {
    onClose();
    setEmail('');
    setError(null);
    setFailure(null);
    setSent(false);
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(authMessages.forgotEmailRequired);
    const parsed = readEmail(email);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setFailure(null);
    setSending(true);
    try {
      await requestPasswordReset(parsed.email);
      setSent(true);
    } catch {
      setFailure(authMessages.resetRequestFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Forgot Password" centered>
      {sent ? (
        <Stack>
          <Alert color="sage" title="Check your email">
            {authMessages.resetRequestSent}
          </Alert>
          <Button variant="default" onClick={close}>
            Close
          </Button>
        </Stack>
      ) : (
        <form onSubmit={send} noValidate>
          <Stack>
            <Text size="sm">
              Enter the email address of your account and we will send you a link to choose a new password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              {...bindText(email, setEmail)}
              error={error}
              data-autofocus
            />
            <FailureAlert message={failure} />
            <Button type="submit" loading={sending}>
              Send Reset Link
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

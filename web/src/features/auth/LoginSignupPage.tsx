import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { loadChunk } from '#web/shared/load-chunk.ts';
import { useLazyDialog } from '#web/shared/use-lazy-dialog.ts';
import { AuthForm } from './components/AuthForm.tsx';
import type { AuthMode } from './validation.ts';

// The dialog (a modal, its focus trap and portal) loads when first asked for: most visits only sign in.
const ForgotPasswordDialog = lazy(
  loadChunk(async () => ({
    default: (await import('./components/ForgotPasswordDialog.tsx')).ForgotPasswordDialog,
  })),
);

export default function LoginSignupPage() {
  const [mode, setMode] = useState<AuthMode>('login');
  const forgot = useLazyDialog();
  return (
    <Container size={460} py={60}>
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1}>{mode === 'login' ? 'Welcome back, pilgrim' : 'Join Pilgrim Soul'}</Title>
          <Text c="gray.7">
            {mode === 'login'
              ? 'Sign in to continue your Soul Story and talk with Vela.'
              : 'Create an account to keep your Soul Story and walk on with Vela.'}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <AuthForm mode={mode} onModeChange={setMode} onForgotPassword={forgot.open} />
        </Paper>
      </Stack>
      {forgot.mounted && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened={forgot.opened} onClose={forgot.close} />
        </Suspense>
      )}
    </Container>
  );
}

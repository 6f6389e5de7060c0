import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { AuthForm } from './components/AuthForm.tsx';
import { ForgotPasswordDialog } from './components/ForgotPasswordDialog.tsx';
import type { AuthMode } from './validation.ts';

export default function LoginSignupPage() {
  const [mode, setMode] = useState<AuthMode>('login');
  const [forgotOpen, forgot] = useDisclosure(false);
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
      <ForgotPasswordDialog opened={forgotOpen} onClose={forgot.close} />
    </Container>
  );
}

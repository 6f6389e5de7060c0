import { Container, Title } from '@mantine/core';

export default function ResetPasswordPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Reset your password</Title>
    </Container>
  );
}

import { Container, Title } from '@mantine/core';

export default function LoginSignupPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Sign in</Title>
    </Container>
  );
}

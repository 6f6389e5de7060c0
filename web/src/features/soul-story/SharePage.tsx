import { Container, Title } from '@mantine/core';

export default function SharePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>A Soul Story</Title>
    </Container>
  );
}

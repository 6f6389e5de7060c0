import { Container, Title } from '@mantine/core';

export default function HomePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Welcome, pilgrim</Title>
    </Container>
  );
}

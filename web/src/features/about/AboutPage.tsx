import { Container, Title } from '@mantine/core';

export default function AboutPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Who we are</Title>
    </Container>
  );
}

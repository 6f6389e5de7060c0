import { Container, Title } from '@mantine/core';

export default function SoulStoryPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Soul Stories</Title>
    </Container>
  );
}

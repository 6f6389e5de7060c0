import { Container, Title } from '@mantine/core';

export default function BlogListPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Pilgrim Reflections</Title>
    </Container>
  );
}

import { Container, Title } from '@mantine/core';

export default function DoorsPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>The Doors</Title>
    </Container>
  );
}

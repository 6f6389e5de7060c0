import { Container, Title } from '@mantine/core';

export default function StorePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Store</Title>
    </Container>
  );
}

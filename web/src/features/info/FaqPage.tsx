import { Container, Title } from '@mantine/core';

export default function FaqPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Frequently asked questions</Title>
    </Container>
  );
}

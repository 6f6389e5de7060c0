import { Container, Title } from '@mantine/core';

export default function LumenPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Meet Vela</Title>
    </Container>
  );
}

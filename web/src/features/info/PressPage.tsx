import { Container, Title } from '@mantine/core';

export default function PressPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Press</Title>
    </Container>
  );
}

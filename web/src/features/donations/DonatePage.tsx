import { Container, Title } from '@mantine/core';

export default function DonatePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Support the community</Title>
    </Container>
  );
}

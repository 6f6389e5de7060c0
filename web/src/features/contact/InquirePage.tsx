import { Container, Title } from '@mantine/core';

export default function InquirePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Inquire</Title>
    </Container>
  );
}

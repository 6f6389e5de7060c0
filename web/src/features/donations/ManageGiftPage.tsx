import { Container, Title } from '@mantine/core';

export default function ManageGiftPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Your gift</Title>
    </Container>
  );
}

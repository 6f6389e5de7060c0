import { Container, Title } from '@mantine/core';

export default function AdminPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Admin</Title>
    </Container>
  );
}

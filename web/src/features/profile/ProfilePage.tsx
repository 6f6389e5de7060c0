import { Container, Title } from '@mantine/core';

export default function ProfilePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Your profile</Title>
    </Container>
  );
}

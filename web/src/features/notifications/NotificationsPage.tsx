import { Container, Title } from '@mantine/core';

export default function NotificationsPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Notifications</Title>
    </Container>
  );
}

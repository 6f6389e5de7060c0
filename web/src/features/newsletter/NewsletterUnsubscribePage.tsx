import { Container, Title } from '@mantine/core';

export default function NewsletterUnsubscribePage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Unsubscribe</Title>
    </Container>
  );
}

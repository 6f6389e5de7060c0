import { Container, Title } from '@mantine/core';

export default function NewsletterConfirmPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Confirm your subscription</Title>
    </Container>
  );
}

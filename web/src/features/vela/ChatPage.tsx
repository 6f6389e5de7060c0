import { Container, Title } from '@mantine/core';

export default function ChatPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Chat with Vela</Title>
    </Container>
  );
}

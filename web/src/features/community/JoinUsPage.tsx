import { Container, Title } from '@mantine/core';

export default function JoinUsPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Join us</Title>
    </Container>
  );
}

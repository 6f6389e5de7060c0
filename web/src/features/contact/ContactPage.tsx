import { Container, Title } from '@mantine/core';

export default function ContactPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Contact us</Title>
    </Container>
  );
}

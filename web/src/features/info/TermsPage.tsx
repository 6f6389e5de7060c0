import { Container, Title } from '@mantine/core';

export default function TermsPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Community Code of Conduct</Title>
    </Container>
  );
}

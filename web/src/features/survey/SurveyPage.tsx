import { Container, Title } from '@mantine/core';

export default function SurveyPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Feedback survey</Title>
    </Container>
  );
}

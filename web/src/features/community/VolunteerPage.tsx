import { Container, Title } from '@mantine/core';

export default function VolunteerPage() {
  return (
    <Container size="md" py="xl">
      <Title order={1}>Volunteer</Title>
    </Container>
  );
}

import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The page for any unknown path; the admin console shows it to non-admins, so it does not announce itself. */
export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text c="dimmed" fw={600}>
          404
        </Text>
        <Title order={1}>This path is not on the map</Title>
        <Text c="dimmed">
          Every pilgrim takes a wrong turn now and then. The page you were looking for does not exist or has
          moved.
        </Text>
        <Button component={Link} to="/">
          Back to the start
        </Button>
      </Stack>
    </Container>
  );
}

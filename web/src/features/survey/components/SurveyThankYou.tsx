import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function SurveyThankYou() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack gap="md" align="flex-start">
        <Title order={2}>Thank you for sharing your journey with us</Title>
        <Text>
          Your answers help us shape Pilgrim Soul for every pilgrim who comes home after you. We read each
          one.
        </Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Paper>
  );
}

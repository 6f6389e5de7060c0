import { Paper, Stack, Text, Title } from '@mantine/core';

/** Replaces a form once the server has stored what was sent. */
export function SentConfirmation({ title, detail }: { title: string; detail: string }) {
  return (
    <Paper withBorder p="xl" radius="md" role="status">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text>{detail}</Text>
      </Stack>
    </Paper>
  );
}

import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of the profile that names one thing a pilgrim can do, says what it does, and offers it. */
export function ProfileActionCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description: string;
  action: ReactNode;
  /** What the action opens, such as its dialog. */
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {description}
          </Text>
        </Stack>
        {action}
      </Group>
      {children}
    </Card>
  );
}

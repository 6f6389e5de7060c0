import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small upper-case label over a value the pilgrim wrote; long words wrap instead of widening the card. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

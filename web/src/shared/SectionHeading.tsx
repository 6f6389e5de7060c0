import { Box, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card section's heading, with the id its section is labelled by, and the sentence that explains it. */
export function SectionHeading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {children}
      </Text>
    </Box>
  );
}

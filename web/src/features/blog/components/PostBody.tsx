import { Stack, Text } from '@mantine/core';
import { paragraphsOf } from '#contract/blog-terms.ts';

/** The body as plain text, one paragraph per blank-line-separated block. */
export function PostBody({ body }: { body: string }) {
  return (
    <Stack gap="md">
      {paragraphsOf(body).map((paragraph, index) => (
        // Paragraphs have no identity of their own; their order is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Text key={index} size="lg" style={{ whiteSpace: 'pre-line', lineHeight: 1.7 }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

import { Button, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { BlogPost } from '#contract/blog.ts';
import { formatLongDate } from '#web/shared/dates.ts';

export function PostCard({ post }: { post: BlogPost }) {
  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={`post-${post.id}`}>
      {post.image && (
        <Card.Section>
          <Image src={post.image} alt="" h={180} />
        </Card.Section>
      )}
      <Stack gap="xs" mt={post.image ? 'md' : 0} style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="gray.7">
            <time dateTime={post.published_at ?? undefined}>{formatLongDate(post.published_at)}</time>
          </Text>
          <Text size="sm" c="gray.7">
            {post.author}
          </Text>
        </Group>
        <Title order={2} size="h4" id={`post-${post.id}`}>
          {post.title}
        </Title>
        <Text size="sm" lineClamp={3}>
          {post.teaser}
        </Text>
      </Stack>
      {/* The title is in the link's own text too, not only its label: search engines read text. */}
      <Button
        component={Link}
        to={`/blog/${post.slug}`}
        variant="light"
        mt="md"
        aria-label={`Read More: ${post.title}`}
      >
        Read More<VisuallyHidden component="span">: {post.title}</VisuallyHidden>
      </Button>
    </Card>
  );
}

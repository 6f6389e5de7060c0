import { Alert, Button, Container, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { blogMessages } from '#contract/blog-terms.ts';
import { formatLongDate } from '#web/shared/dates.ts';
import { ApiError } from '#web/shared/http.ts';
import { useGoBack } from '#web/shared/use-go-back.ts';
import { usePost } from './api/get-post.ts';
import { PostBody } from './components/PostBody.tsx';

export default function BlogPostPage() {
  const { id = '' } = useParams();
  const post = usePost(id);
  // Arriving straight from a shared link there is no page to go back to, so back leads to the list.
  const goBack = useGoBack('/blog');
  const notFound = post.error instanceof ApiError && post.error.status === 404;

  useEffect(() => {
    if (post.data) document.title = `${post.data.title} · Pilgrim Reflections`;
  }, [post.data]);

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Group>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={goBack}>
            Back
          </Button>
        </Group>
        {post.isPending && <Loader aria-label="Loading the post" />}
        {notFound && (
          <Text c="gray.7" ta="center" py="xl" size="lg">
            {blogMessages.notFound}
          </Text>
        )}
        {post.isError && !notFound && <Alert color="red">{blogMessages.loadFailed}</Alert>}
        {post.data && (
          <Stack gap="lg" component="article">
            <Stack gap={4}>
              <Title order={1}>{post.data.title}</Title>
              <Text c="gray.7">
                {post.data.author} ·{' '}
                <time dateTime={post.data.published_at ?? undefined}>
                  {formatLongDate(post.data.published_at)}
                </time>
              </Text>
            </Stack>
            {post.data.image && <Image src={post.data.image} alt="" radius="md" />}
            <PostBody body={post.data.body} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

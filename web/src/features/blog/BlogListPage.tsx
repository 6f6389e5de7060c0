import { Alert, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { blogMessages } from '#contract/blog-terms.ts';
import { usePosts } from './api/get-posts.ts';
import { PostCard } from './components/PostCard.tsx';

export default function BlogListPage() {
  const posts = usePosts();
  useEffect(() => {
    document.title = 'Pilgrim Reflections · Pilgrim Soul';
  }, []);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Pilgrim Reflections</Title>
          <Text c="gray.7">Stories and thoughts on the road home, from pilgrims who have walked it.</Text>
        </Stack>
        {posts.isPending && <Loader aria-label="Loading posts" />}
        {posts.isError && <Alert color="red">{blogMessages.loadFailed}</Alert>}
        {posts.data?.length === 0 && (
          <Text c="gray.7" ta="center" py="xl">
            {blogMessages.listEmpty}
          </Text>
        )}
        {posts.data && posts.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {posts.data.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminMessages } from '../../../../../contract/admin.ts';
import { errorMessage } from '../../../shared/http.ts';
import { toast } from '../../../shared/toast.ts';
import { usePostsForAdmin, useSetPublished } from '../api/posts.ts';
import { formatDateTime } from './dates.ts';
import { SectionState } from './SectionState.tsx';

export function PostsSection() {
  const posts = usePostsForAdmin();
  const setPublished = useSetPublished();
  const toggle = (id: string, published: boolean) =>
    setPublished.mutate(
      { id, published },
      {
        onSuccess: () => toast('success', published ? adminMessages.published : adminMessages.unpublished),
        onError: (error) =>
          toast('error', adminMessages.saveFailed, errorMessage(error, 'Please try again.')),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Posts</Title>
        <Button component={Link} to="/admin/posts/new" leftSection={<IconPlus size={16} />}>
          New post
        </Button>
      </Group>
      <SectionState query={posts} empty="No posts yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Author</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Last edited</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((post) => (
                  <Table.Tr key={post.id}>
                    <Table.Td>{post.title}</Table.Td>
                    <Table.Td>{post.author}</Table.Td>
                    <Table.Td>
                      <Badge color={post.status === 'published' ? 'sage' : 'gray'} variant="light">
                        {post.status === 'published' ? 'Published' : 'Draft'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(post.updated_at)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          component={Link}
                          to={`/admin/posts/${post.id}`}
                          aria-label={`Edit ${post.title}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => toggle(post.id, post.status !== 'published')}
                          aria-label={`${post.status === 'published' ? 'Unpublish' : 'Publish'} ${post.title}`}
                        >
                          {post.status === 'published' ? 'Unpublish' : 'Publish'}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SectionState>
    </Stack>
  );
}

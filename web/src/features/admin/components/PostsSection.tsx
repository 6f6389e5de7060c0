import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { adminMessages } from '#contract/admin.ts';
import { formatDateTime } from '#web/shared/dates.ts';
import { errorMessage } from '#web/shared/http.ts';
import { toast } from '#web/shared/toast.ts';
import { usePostsForAdmin, useSetPublished } from '../api/posts.ts';
import { AdminTable } from './AdminTable.tsx';
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
          <AdminTable
            rows={data}
            minWidth={640}
            verticalSpacing="sm"
            columns={[
              { header: 'Title', cell: (post) => post.title },
              { header: 'Author', cell: (post) => post.author },
              {
                header: 'Status',
                cell: (post) => (
                  <Badge color={post.status === 'published' ? 'sage' : 'gray'} variant="light">
                    {post.status === 'published' ? 'Published' : 'Draft'}
                  </Badge>
                ),
              },
              { header: 'Last edited', cell: (post) => formatDateTime(post.updated_at) },
              {
                header: 'Actions',
                cell: (post) => (
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
                ),
              },
            ]}
          />
        )}
      </SectionState>
    </Stack>
  );
}

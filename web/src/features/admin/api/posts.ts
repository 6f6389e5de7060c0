import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBlogPost, BlogPostInput } from '#contract/blog.ts';
import { api, upload } from '#web/shared/http.ts';
import { adminKeys } from './get-admin-me.ts';

export const usePostsForAdmin = () =>
  useQuery({ queryKey: adminKeys.posts(), queryFn: () => api<AdminBlogPost[]>('/api/admin/posts/') });

export const usePostForAdmin = (id: string | undefined) =>
  useQuery({
    queryKey: adminKeys.post(id ?? 'new'),
    queryFn: () => api<AdminBlogPost>(`/api/admin/posts/${id}/`),
    enabled: Boolean(id),
  });

/** Every change to a post answers the post as it now is; the lists refresh from it. */
const usePostChange = <Variables>(change: (variables: Variables) => Promise<AdminBlogPost>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (post) => {
      queryClient.setQueryData(adminKeys.post(post.id), post);
      void queryClient.invalidateQueries({ queryKey: adminKeys.posts(), exact: true });
      void queryClient.invalidateQueries({ queryKey: ['blog'] });
    },
  });
};

export const useSavePost = () =>
  usePostChange(({ id, post }: { id?: string; post: BlogPostInput }) =>
    id
      ? api<AdminBlogPost>(`/api/admin/posts/${id}/`, { method: 'PUT', body: post })
      : api<AdminBlogPost>('/api/admin/posts/', { method: 'POST', body: post }),
  );

export const useSetPublished = () =>
  usePostChange(({ id, published }: { id: string; published: boolean }) =>
    api<AdminBlogPost>(`/api/admin/posts/${id}/${published ? 'publish' : 'unpublish'}/`, { method: 'POST' }),
  );

export const useUploadCover = () =>
  usePostChange(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('cover', file);
    return upload<AdminBlogPost>(`/api/admin/posts/${id}/cover/`, form);
  });

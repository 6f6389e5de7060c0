import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#contract/blog.ts';
import { blogListQueryKey } from '#contract/blog-terms.ts';
import { api } from '#web/shared/http.ts';

export const blogKeys = {
  list: () => blogListQueryKey,
  post: (idOrSlug: string) => ['blog', 'post', idOrSlug] as const,
};

/** The spec reads `posts`; the server answers the list bare, and an object under `posts` is accepted too. */
export const fetchPosts = async (): Promise<BlogPost[]> => {
  const body = await api<BlogPost[] | { posts: BlogPost[] }>('/api/posts/', { auth: false });
  return Array.isArray(body) ? body : body.posts;
};

export const postsQuery = () => queryOptions({ queryKey: blogKeys.list(), queryFn: fetchPosts });

export const usePosts = () => useQuery(postsQuery());

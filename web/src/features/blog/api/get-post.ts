import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#contract/blog.ts';
import { ApiError, api } from '#web/shared/http.ts';
import { blogKeys } from './get-posts.ts';

export const fetchPost = (idOrSlug: string) =>
  api<BlogPost>(`/api/posts/${encodeURIComponent(idOrSlug)}/`, { auth: false });

export const postQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: blogKeys.post(idOrSlug),
    queryFn: () => fetchPost(idOrSlug),
    // A missing post stays missing; only a failed connection is worth another try.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export const usePost = (idOrSlug: string) => useQuery(postQuery(idOrSlug));

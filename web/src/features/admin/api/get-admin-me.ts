import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/shared/http.ts';
import { useSession } from '#web/shared/session.ts';

export const adminKeys = {
  me: () => ['admin', 'me'] as const,
  posts: () => ['admin', 'posts'] as const,
  post: (id: string) => ['admin', 'posts', id] as const,
  messages: () => ['admin', 'messages'] as const,
  requests: () => ['admin', 'requests'] as const,
  subscribers: () => ['admin', 'subscribers'] as const,
  donations: () => ['admin', 'donations'] as const,
  orders: () => ['admin', 'orders'] as const,
  survey: () => ['admin', 'survey'] as const,
};

export const adminMeQuery = () =>
  queryOptions({
    queryKey: adminKeys.me(),
    queryFn: () => api<{ email: string; username: string }>('/api/admin/me/'),
    retry: false,
    staleTime: 0,
  });

/** Whether the signed-in person may see the console; the server checks the role on every call anyway. */
export const useAdminMe = () => {
  const session = useSession();
  return useQuery({ ...adminMeQuery(), enabled: session.signedIn });
};

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CurrentUser } from '#contract/auth.ts';
import { api } from '#web/shared/http.ts';
import { useSession } from '#web/shared/session.ts';
import { authKeys } from './keys.ts';

export const fetchCurrentUser = () => api<CurrentUser>('/api/user/');

export const currentUserQuery = (token: string | null) =>
  queryOptions({
    queryKey: authKeys.currentUser(token),
    queryFn: fetchCurrentUser,
    enabled: Boolean(token),
    retry: false,
  });

/** The signed-in user as the server knows them now (name and avatar for the navigation bar). */
export const useCurrentUser = () => {
  const { token } = useSession();
  return useQuery(currentUserQuery(token));
};

/** After a change of name or avatar, every view of the current user fetches it again. */
export const useReloadCurrentUser = () => {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: authKeys.all }), [queryClient]);
};

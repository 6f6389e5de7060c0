import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useReloadCurrentUser } from '#web/features/auth/index.ts';
import { profileKeys } from './keys.ts';

/** After a save the profile and the navigation bar's name and avatar are fetched again. */
export const useReloadProfile = () => {
  const queryClient = useQueryClient();
  const reloadCurrentUser = useReloadCurrentUser();
  return useCallback(
    () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.profile() }), reloadCurrentUser()]),
    [queryClient, reloadCurrentUser],
  );
};

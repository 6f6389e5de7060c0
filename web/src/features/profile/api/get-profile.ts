import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '#contract/profile.ts';
import { api } from '#web/shared/http.ts';
import { profileKeys } from './keys.ts';

export const fetchProfile = () => api<Profile>('/api/profile/');

export const profileQuery = () =>
  queryOptions({ queryKey: profileKeys.profile(), queryFn: fetchProfile, retry: false, staleTime: 0 });

export const useProfile = () => useQuery(profileQuery());

import { useEffect } from 'react';
import { ApiError } from '#web/shared/http.ts';
import { clearSession, saveUser } from '#web/shared/session.ts';
import { useCurrentUser } from './api/current-user.ts';

/** At start, a held token fetches the current user; a token the server refuses is removed. */
export function CurrentUserLoader() {
  const { data, error } = useCurrentUser();
  useEffect(() => {
    if (data) saveUser({ email: data.email, username: data.username, first_name: data.first_name });
  }, [data]);
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) clearSession();
  }, [error]);
  return null;
}

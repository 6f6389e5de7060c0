import { useEffect } from 'react';
import { ApiError, api } from '../../shared/http.ts';
import { clearSession, type StoredUser, saveUser, useSession } from '../../shared/session.ts';

/** At start, a held token fetches the current user; a token the server refuses is removed. */
export function CurrentUserLoader() {
  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    let active = true;
    api<StoredUser>('/api/user/')
      .then((user) => {
        if (active) saveUser(user);
      })
      .catch((error) => {
        if (active && error instanceof ApiError && error.status === 401) clearSession();
      });
    return () => {
      active = false;
    };
  }, [token]);
  return null;
}

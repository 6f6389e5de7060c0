import { useNavigate } from 'react-router';
import { api } from '#web/shared/http.ts';
import { clearSession, storageKeys } from '#web/shared/session.ts';

/** One logout everywhere: revoke the refresh token, clear every stored key, go to sign in. */
export const useLogout = () => {
  const navigate = useNavigate();
  return async () => {
    const refresh = localStorage.getItem(storageKeys.refreshToken);
    clearSession();
    navigate('/LoginSignup');
    if (refresh)
      await api('/api/logout/', { method: 'POST', body: { refresh }, auth: false }).catch(() => undefined);
  };
};

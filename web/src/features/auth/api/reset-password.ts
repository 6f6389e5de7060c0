import { api } from '#web/shared/http.ts';

export const resetPassword = (token: string, password: string) =>
  api<{ message: string }>('/api/password/reset/', {
    method: 'POST',
    body: { token, password },
    auth: false,
  });

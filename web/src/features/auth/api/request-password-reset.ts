import { api } from '#web/shared/http.ts';

export const requestPasswordReset = (email: string) =>
  api<{ message: string }>('/api/password/reset-request/', { method: 'POST', body: { email }, auth: false });

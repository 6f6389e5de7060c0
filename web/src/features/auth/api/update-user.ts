import type { CurrentUser } from '#contract/auth.ts';
import { api } from '#web/shared/http.ts';

export const updateUser = (firstName: string) =>
  api<CurrentUser>('/api/user/', { method: 'PUT', body: { first_name: firstName } });

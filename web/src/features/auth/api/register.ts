import type { AuthResponse, RegisterBody } from '#contract/auth.ts';
import { api } from '#web/shared/http.ts';

export const register = (body: RegisterBody) =>
  api<Partial<AuthResponse>>('/api/register/', { method: 'POST', body, auth: false });

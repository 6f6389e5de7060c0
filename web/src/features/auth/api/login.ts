import type { AuthResponse, LoginBody } from '#contract/auth.ts';
import { api } from '#web/shared/http.ts';

export const login = (body: LoginBody) =>
  api<Partial<AuthResponse>>('/api/login/', { method: 'POST', body, auth: false });

import type { DeleteAccountBody } from '#contract/account.ts';
import { api } from '#web/shared/http.ts';

/** Erases the signed-in pilgrim's account once the password is confirmed; their sessions end with it. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api<{ ok: true }>('/api/account/', { method: 'DELETE', body });

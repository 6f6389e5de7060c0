import type { Profile } from '#contract/profile.ts';
import { api } from '#web/shared/http.ts';

/** Withdraws consent: the server erases the stored vibe and when consent was given. */
export const eraseWorldview = () => api<Profile>('/api/profile/vibe/', { method: 'DELETE' });

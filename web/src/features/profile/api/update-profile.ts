import type { Profile, UpdateProfileBody } from '#contract/profile.ts';
import { api } from '#web/shared/http.ts';

/** Sends only the fields given; the server leaves the rest as they are. */
export const updateProfile = (changes: UpdateProfileBody) =>
  api<Profile>('/api/profile/', { method: 'PUT', body: changes });

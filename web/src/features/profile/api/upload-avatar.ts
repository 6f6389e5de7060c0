import type { Profile } from '#contract/profile.ts';
import { upload } from '#web/shared/http.ts';

export const uploadAvatar = (file: File, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return upload<Profile>('/api/profile/upload/', form, onProgress);
};

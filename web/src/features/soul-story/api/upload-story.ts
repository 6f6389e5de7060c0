import type { SoulStoryItem, StoryType } from '#contract/soul-story.ts';
import { upload } from '#web/shared/http.ts';

export interface StoryUpload {
  file: Blob;
  fileName: string;
  title: string;
  type: StoryType;
}

/** The server reads the text fields before the file, so they go first. */
export const uploadStory = (story: StoryUpload, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('title', story.title);
  form.append('type', story.type);
  form.append('media', story.file, story.fileName);
  return upload<SoulStoryItem>('/api/soulstory/upload/', form, onProgress);
};

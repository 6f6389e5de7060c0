import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES, type StoryType, soulStoryMessages } from './soul-story.ts';

/**
 * Resumable uploads (tus 1.0) at `/api/uploads/`: a take or a photo sent in pieces that survive a lost
 * connection or a restart, saved as a memory exactly as `POST /api/soulstory/upload/` saves one.
 * `Upload-Metadata` carries `type` (a prompt id or `photo`) and `title`; every request needs the bearer token.
 */
export const UPLOADS_PATH = '/api/uploads';

/** The header of the final PATCH (and of HEAD afterwards) that names the memory the upload became. */
export const UPLOAD_ITEM_ID_HEADER = 'Upload-Item-Id';

/** An upload not finished within this time expires: its bytes are removed. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** The same limits the multipart route applies, by what is uploaded. */
export const uploadLimitFor = (type: StoryType) =>
  type === 'photo'
    ? { maxBytes: MAX_PHOTO_BYTES, tooLargeMessage: soulStoryMessages.photoTooLarge }
    : { maxBytes: MAX_VIDEO_BYTES, tooLargeMessage: soulStoryMessages.videoTooLarge };

export const uploadMessages = {
  notFound: 'This upload was not found. Please start it again.',
  metadataInvalid: 'Upload-Metadata must be comma-separated keys, each with a base64 value.',
  busy: 'This upload is busy receiving another request. Please try again in a moment.',
} as const;

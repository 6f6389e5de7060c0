import { MAX_PHOTOS, PROMPT_COUNT } from './prompts.ts';
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES, type StoryType, soulStoryMessages } from './soul-story.ts';

/**
 * Resumable uploads (tus 1.0) at `/api/uploads/`: a take or a photo sent in pieces that survive a lost
 * connection or a restart, saved as a memory exactly as `POST /api/soulstory/upload/` saves one.
 * `Upload-Metadata` carries `type` (a prompt id or `photo`), `title` and, optionally, `idempotency_key`;
 * every request but OPTIONS needs the bearer token.
 */
export const UPLOADS_PATH = '/api/uploads';

/** The header of the final PATCH (and of HEAD afterwards) that names the memory the upload became. */
export const UPLOAD_ITEM_ID_HEADER = 'Upload-Item-Id';

/**
 * The `Upload-Metadata` key naming a creation (a random id the client keeps with its file): a creation
 * sent again with the same key, its answer lost, is answered with the first one's upload, not a new one.
 */
export const UPLOAD_IDEMPOTENCY_KEY = 'idempotency_key';
export const UPLOAD_IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** An upload not finished within this time expires: its bytes are removed. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** The same limits the multipart route applies, by what is uploaded. */
export const uploadLimitFor = (type: StoryType) =>
  type === 'photo'
    ? { maxBytes: MAX_PHOTO_BYTES, tooLargeMessage: soulStoryMessages.photoTooLarge }
    : { maxBytes: MAX_VIDEO_BYTES, tooLargeMessage: soulStoryMessages.videoTooLarge };

/**
 * What one account may have unfinished at once: every take and photo of a story in flight (a take of
 * deferred length counts as its limit), with one take to spare for a re-recording whose earlier upload
 * is still being dropped.
 */
export const MAX_UNFINISHED_UPLOADS = PROMPT_COUNT + MAX_PHOTOS + 1;
export const MAX_UNFINISHED_UPLOAD_BYTES =
  (PROMPT_COUNT + 1) * MAX_VIDEO_BYTES + MAX_PHOTOS * MAX_PHOTO_BYTES;

export const uploadMessages = {
  notFound: 'This upload was not found. Please start it again.',
  metadataInvalid: 'Upload-Metadata must be comma-separated keys, each with a base64 value.',
  busy: 'This upload is busy receiving another request. Please try again in a moment.',
  tooManyUnfinished:
    'You have several uploads still on their way. Please let them finish, or cancel one, before starting another.',
  idempotencyKeyReused:
    'This upload key was already used for a different file. Please start the upload again.',
  idempotencyKeyInvalid: `The upload key must be at most ${UPLOAD_IDEMPOTENCY_KEY_MAX_LENGTH} characters.`,
} as const;

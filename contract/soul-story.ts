import { z } from 'zod';
import { MAX_PHOTOS, PROMPT_COUNT, type PromptId, promptIds } from './prompts.ts';

/** Soul Stories: the memories a pilgrim records or uploads, and the keepsake video made from them. */

export const MB = 1024 * 1024;
export const MAX_VIDEO_BYTES = 250 * MB;
export const MAX_VIDEO_SECONDS = 10 * 60;
export const MAX_PHOTO_BYTES = 15 * MB;
export const MAX_TITLE_LENGTH = 100;
/** What a take's frames may be: phones record 4K (3840 px) at up to 60 fps; more costs a render far more. */
export const MAX_VIDEO_SIDE = 4096;
export const MAX_VIDEO_FPS = 60;
/** A photo's pixels, in millions: more than any phone's camera takes. */
export const MAX_PHOTO_MEGAPIXELS = 40;
export { MAX_PHOTOS };

/** What the server accepts, judged by the file's content (never its name or declared type). */
export const acceptedVideoTypes = ['video/webm', 'video/mp4'] as const;
/** For `<input accept>`. */
export const videoAccept = acceptedVideoTypes.join(',');

export const KEEPSAKE_FILE_NAME = 'my-soul-story.mp4';
/** The keepsake with its captions drawn on the picture, as it is downloaded. */
export const CAPTIONED_KEEPSAKE_FILE_NAME = 'my-soul-story-captioned.mp4';

/** A take's captions: a WebVTT file of at most this many bytes (UTF-8), in one language. */
export const MAX_CAPTIONS_BYTES = 64 * 1024;
/** A BCP 47 language tag (`en`, `es`, `pt-BR`, `zh-Hant-TW`): long enough for any real one. */
export const MAX_LANGUAGE_TAG_LENGTH = 35;

export const soulStoryMessages = {
  // The spec's own words (client-side checks and toasts).
  onlyImages: 'Only image files are allowed',
  photoTitleRequired: 'Please give your photo a title',
  loadFailed: 'Failed to load stories',
  cameraError: 'Camera Error',
  nothingRecorded: 'Nothing was recorded. Please press Record Now and try again.',
  saved: 'Story saved!',
  uploadFailed: 'Upload Failed',
  uploadFailedFallback: 'Please try again.',
  orderFailed: 'Failed to save order',
  deleted: 'Memory deleted',
  deleteFailed: 'Failed to delete',
  linkCopied: 'Link Copied!',
  confirmDeletionTitle: 'Confirm Deletion',
  confirmDeletionText: 'Are you sure? This memory will be permanently deleted.',
  complete: 'Your Soul Story is Complete!',
  generating: 'Generating your final video...',
  // The server's answers (the `error` field of a 4xx).
  mediaRequired: 'Please choose a file to upload.',
  typeInvalid: 'Choose one of the four prompts or a photo.',
  titleTooLong: `The title must be at most ${MAX_TITLE_LENGTH} characters`,
  videoFormat: 'Only WebM or MP4 videos can be saved as a reflection.',
  videoTooLarge: 'Videos can be at most 250 MB.',
  videoTooLong: 'Videos can be at most 10 minutes long.',
  videoUnreadable: 'This video could not be read. Please record it again.',
  videoTooWide: `This video's picture is larger than we can keep (at most ${MAX_VIDEO_SIDE} pixels on a side). Please record it again, or choose a smaller copy.`,
  videoFrameRate: `This video has more frames a second than we can keep (at most ${MAX_VIDEO_FPS}). Please record it again, or choose another copy.`,
  heicRefused:
    'HEIC photos cannot be shown here. Please choose a JPEG, PNG or WebP photo (most phones can export one).',
  photoFormat: 'Only JPEG, PNG or WebP photos can be added.',
  photoTooLarge: 'Photos can be at most 15 MB.',
  photoTooManyPixels: `This photo is larger than we can keep (at most ${MAX_PHOTO_MEGAPIXELS} megapixels). Please choose a smaller copy.`,
  photoLimit: `You can add at most ${MAX_PHOTOS} photos. Delete one to add another.`,
  uploadIncomplete: 'The upload did not finish. Please try again.',
  notFound: 'This memory was not found.',
  reorderMismatch: 'The new order must list each of your memories exactly once.',
  notReadyToShare: 'Your Soul Story is not ready to share yet.',
  captionedNotReady: 'Your Soul Story is not ready yet. Its words can be drawn on it once it is.',
  captionedNoCaptions: 'Your Soul Story has no captions yet. Add them to a reflection first.',
  shareNotFound: 'This Soul Story is no longer shared.',
  captionsNotFound: 'This reflection has no captions yet.',
  captionsPhoto: 'Only a video reflection can have captions.',
  captionsLanguage: 'Choose the captions’ language as a language tag, such as en or es.',
  captionsRequired: 'Please add the captions as a WebVTT file.',
  captionsTooLarge: `Captions can be at most ${MAX_CAPTIONS_BYTES / 1024} KB.`,
  captionsInvalid: (line: number, reason: string) =>
    `These captions are not a valid WebVTT file: line ${line}: ${reason}`,
  captionsTakeReplaced:
    'This reflection was recorded again while its captions were being saved. Please check them against the new take.',
  captionsPastEnd: (line: number, end: string, takeEnd: string) =>
    `A caption on line ${line} ends at ${end}, after the reflection ends (${takeEnd}).`,
} as const;

export const storyType = z.enum([...promptIds, 'photo'], { error: soulStoryMessages.typeInvalid });
export type StoryType = PromptId | 'photo';

/**
 * One memory. `media_url` is a signed, expiring URL ending in the file's extension (.webm/.mp4 or an
 * image); `captions_url`, the same kind of URL to the take's WebVTT captions (`.vtt`), or null;
 * `take_seconds`, the take's length (a browser's recording names none in its header).
 */
export const soulStoryItem = z.object({
  id: z.string(),
  title: z.string(),
  media_url: z.string(),
  type: storyType,
  captions_url: z.string().nullable(),
  /** How long the take plays, in seconds, as the server measured it; null for a photo. */
  take_seconds: z.number().nullable(),
});
export type SoulStoryItem = z.infer<typeof soulStoryItem>;

/** GET /api/soulstories/: the user's memories in their chosen order. */
export const soulStoryList = z.array(soulStoryItem);

/** GET /api/soulstory/completed-prompts/ */
export const completedPromptsResponse = z.object({ completed_prompts: z.array(z.enum(promptIds)) });

/**
 * POST /api/soulstory/upload/ is multipart: the text fields `title` and `type`, then the file `media`
 * (send the fields BEFORE the file). A video's title is its prompt's name; a photo needs a title.
 * Recording a prompt again replaces its earlier take. Answers 201 with the created item.
 */
export const uploadFields = z.object({
  title: z.string().trim().max(MAX_TITLE_LENGTH, soulStoryMessages.titleTooLong).default(''),
  type: storyType,
});

/** POST /api/soulstories/reorder/: every one of the user's ids, each exactly once, in the new order. */
export const reorderBody = z.object({
  story_ids: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(PROMPT_COUNT + MAX_PHOTOS),
});

/** Who wrote a take's captions: the pilgrim, or a transcription of its sound. */
export const captionsSource = z.enum(['pilgrim', 'transcribed']);

/** A BCP 47 language tag, put in its canonical case (`pt-br` becomes `pt-BR`). */
const canonicalLanguage = (tag: string) => {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
};
export const languageTag = z
  .string({ error: soulStoryMessages.captionsLanguage })
  .trim()
  .min(1, soulStoryMessages.captionsLanguage)
  .max(MAX_LANGUAGE_TAG_LENGTH, soulStoryMessages.captionsLanguage)
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, soulStoryMessages.captionsLanguage)
  .refine((tag) => canonicalLanguage(tag) !== null, soulStoryMessages.captionsLanguage)
  .transform((tag) => canonicalLanguage(tag)!);

/**
 * PUT /api/soulstory/{id}/captions/: the take's captions as a WebVTT file, written by the pilgrim. Every
 * cue must end by the end of the take. Replaces the take's earlier captions; a new take drops them.
 */
export const captionsBody = z.object({
  language: languageTag,
  vtt: z
    .string({ error: soulStoryMessages.captionsRequired })
    .min(1, soulStoryMessages.captionsRequired)
    .refine(
      (vtt) => new TextEncoder().encode(vtt).length <= MAX_CAPTIONS_BYTES,
      soulStoryMessages.captionsTooLarge,
    ),
});
export type CaptionsBody = z.input<typeof captionsBody>;

/** GET and PUT /api/soulstory/{id}/captions/: the take's captions; 404 when it has none. */
export const captionsResponse = z.object({
  language: z.string(),
  vtt: z.string(),
  source: captionsSource,
});
export type CaptionsResponse = z.infer<typeof captionsResponse>;

/** The answer of reorder, delete and stop-sharing. */
export const soulStoryOk = z.object({ ok: z.literal(true) });

export const keepsakeStatus = z.enum(['waiting_for_prompts', 'rendering', 'ready', 'failed']);

/**
 * GET /api/soulstory/concatenated/: `video_url` is null until a keepsake exists. While a new version
 * renders (after a reorder or delete) `status` is 'rendering' and `video_url` still plays the last one.
 */
export const concatenatedResponse = z.object({
  video_url: z.string().nullable(),
  status: keepsakeStatus,
  progress: z.number().int().min(0).max(100),
  poster_url: z.string().nullable(),
  /** The public page `/s/<token>` (absolute), or null when not shared. */
  share_url: z.string().nullable(),
  /**
   * One WebVTT file for the whole keepsake shown by `video_url` (each take's cues where it plays, the
   * cards clear): a signed URL, or null when no take has captions.
   */
  captions_url: z.string().nullable(),
  /**
   * The keepsake shown by `video_url` with its captions drawn on the picture, for apps that ignore a
   * subtitle track: a signed URL once asked for (POST /api/soulstory/concatenated/captioned/) and drawn,
   * else null. Drawn again, without asking, for each new keepsake with captions.
   */
  captioned_video_url: z.string().nullable(),
});
export type ConcatenatedResponse = z.infer<typeof concatenatedResponse>;

/**
 * POST /api/soulstory/concatenated/captioned/: asks for the keepsake with its captions drawn on the
 * picture. 202 `queued` (asking again before it is drawn queues nothing more), or `ready` when the shown
 * keepsake's is drawn already; 409 without a finished keepsake, or when it has no captions.
 */
export const captionedRequestResponse = z.object({ status: z.enum(['queued', 'ready']) });
export type CaptionedRequestResponse = z.infer<typeof captionedRequestResponse>;

/**
 * GET /api/soulstory/events/ (server-sent events): `keepsake` carries the state in the shape of
 * /api/soulstory/concatenated/, on connect and whenever it changes (a render's progress, the keepsake
 * published or failed); `segment` says a memory's segment is rendered.
 */
export const soulStoryEvents = { keepsake: 'keepsake', segment: 'segment' } as const;
export const segmentReadyEvent = z.object({ id: z.string() });
export type SegmentReadyEvent = z.infer<typeof segmentReadyEvent>;

/** POST /api/soulstory/events/token/: for `?token=`, since a browser's EventSource sends no Authorization header. */
export const eventsTokenResponse = z.object({ token: z.string(), expires_in: z.number().int() });
export type EventsTokenResponse = z.infer<typeof eventsTokenResponse>;
export const eventsQuery = z.object({ token: z.string().max(2000).optional() });

/** POST /api/soulstory/share/: creates (or returns the existing) public link. 409 until the keepsake exists. */
export const shareResponse = z.object({ share_url: z.string(), token: z.string() });
export type ShareResponse = z.infer<typeof shareResponse>;

/**
 * GET /api/soulstory/shared/{token}/: public, for the share page. 404 once revoked. Its media URLs
 * belong to the share (`/s/{token}/keepsake.mp4`, `/s/{token}/poster.jpg`, `/s/{token}/captions.vtt`,
 * `/s/{token}/keepsake-captioned.mp4`): they name neither the owner nor a stored file, and answer 404 the
 * moment the share is revoked or replaced.
 */
export const sharedKeepsake = z.object({
  video_url: z.string(),
  poster_url: z.string(),
  title: z.string(),
  owner_name: z.string(),
  /** The keepsake's WebVTT captions (`/s/{token}/captions.vtt`), or null when no take has captions. */
  captions_url: z.string().nullable(),
  /** The captions' language tag (for `<track srclang>`), or null with `captions_url`. */
  captions_language: z.string().nullable(),
  /**
   * The keepsake with its captions drawn on the picture (`/s/{token}/keepsake-captioned.mp4`), or null
   * until its owner asked for it and it is drawn.
   */
  captioned_video_url: z.string().nullable(),
});
export type SharedKeepsake = z.infer<typeof sharedKeepsake>;

export const shareTokenParam = z.object({ token: z.string().min(1).max(100) });

/** The share page's path for a token. */
export const sharePath = (token: string) => `/s/${token}`;
/** The shared keepsake video, its poster, its captions and its captioned version, served while the share lasts. */
export const sharedVideoPath = (token: string) => `${sharePath(token)}/keepsake.mp4`;
export const sharedPosterPath = (token: string) => `${sharePath(token)}/poster.jpg`;
export const sharedCaptionsPath = (token: string) => `${sharePath(token)}/captions.vtt`;
export const sharedCaptionedVideoPath = (token: string) => `${sharePath(token)}/keepsake-captioned.mp4`;

/** The spec's upload file name: the title with whitespace turned to underscores, plus the extension. */
export const storyFileName = (title: string, extension: string) =>
  `${title.trim().replace(/\s+/g, '_') || 'memory'}.${extension.replace(/^\./, '')}`;

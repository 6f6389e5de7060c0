import { KEEPSAKE_FILE_NAME } from '#contract/soul-story.ts';
import { ApiError, request } from '#web/shared/http.ts';

/** The title the share sheet gives the link (and the file) in a chat or an email. */
export const SHARE_TITLE = 'My Soul Story';

/** The part of `navigator` that shares: passed in so that tests can give their own. */
type Sharing = Pick<Navigator, 'share' | 'canShare'>;

/** Whether the browser has a system share sheet (Web Share): most phones do, many desktops not. */
export const hasShareSheet = (sharing: Partial<Sharing> = navigator): sharing is Sharing =>
  typeof sharing.share === 'function';

/**
 * Whether the share sheet takes an mp4 file (Web Share Level 2), asked with an empty stand-in so the
 * keepsake is downloaded only where it can be sent.
 */
export const sharesVideoFiles = (sharing: Partial<Sharing> = navigator) =>
  typeof sharing.canShare === 'function' &&
  sharing.canShare({ files: [new File([], KEEPSAKE_FILE_NAME, { type: 'video/mp4' })] });

/** The keepsake video as a file to share, under the name its download has. */
export const fetchKeepsakeFile = async (videoUrl: string) => {
  const response = await request(videoUrl, { auth: false });
  if (!response.ok) throw new ApiError('', { status: response.status });
  return new File([await response.blob()], KEEPSAKE_FILE_NAME, { type: 'video/mp4' });
};

/** What the share sheet is given: the link, and the video itself where the sheet accepts it beside the link. */
export const keepsakeShareData = (url: string, video: File | null, sharing: Partial<Sharing> = navigator) => {
  const link: ShareData = { title: SHARE_TITLE, url };
  const withVideo: ShareData = { ...link, files: video ? [video] : [] };
  return video && sharing.canShare?.(withVideo) ? withVideo : link;
};

/** The person closed the share sheet without choosing where to send: nothing went wrong. */
export const isShareCancelled = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * The share sheet opens only straight after a tap or key press: downloading the video first can outlast
 * that, and the browser then refuses (NotAllowedError). The video is ready by then, for a second press.
 */
export const isShareTooLate = (error: unknown) => error instanceof Error && error.name === 'NotAllowedError';

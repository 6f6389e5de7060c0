import { DetailedError, type HttpRequest, Upload, type UploadOptions } from 'tus-js-client';
import { ApiError, refreshAccessToken } from '#web/shared/http.ts';
import { readSession } from '#web/shared/session.ts';
import type { Transport } from './send-kept.ts';
import type { TakeKeeper } from './take-keeper.ts';

const ENDPOINT = '/api/uploads/';
/** A lost connection costs at most one chunk. */
const CHUNK_SIZE = 5 * 1024 * 1024;

const withBearer = (request: HttpRequest) => {
  const token = readSession().token;
  if (token) request.setHeader('Authorization', `Bearer ${token}`);
};

/** The server's refusal in the spec's words, or a lost connection marked `network` so send-kept retries it. */
const toApiError = (error: Error): ApiError => {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError('Network error', { network: true });
  let body: { error?: string; detail?: string } = {};
  try {
    body = JSON.parse(response.getBody());
  } catch {
    // tus refusals that are not JSON carry no message for people.
  }
  return new ApiError(body.error ?? body.detail ?? '', { status: response.getStatus() });
};

const common: UploadOptions = {
  chunkSize: CHUNK_SIZE,
  // send-kept owns the back-off, so a retry also waits for the browser to come back online.
  retryDelays: [],
  storeFingerprintForResuming: false,
  onBeforeRequest: withBearer,
};

/**
 * Sends a kept item as a tus upload in chunks. The upload URL is kept with the item as soon as the server
 * creates it, so the next attempt (after a lost connection, or a reload) asks the server's offset with HEAD
 * and sends only the bytes it lacks. The final PATCH (or HEAD, when that already happened) names the memory.
 */
export const tusTransport =
  (keeper: TakeKeeper): Transport =>
  (item, onProgress) => {
    const attempt = () =>
      new Promise<string>((resolve, reject) => {
        const upload: Upload = new Upload(item.blob, {
          ...common,
          endpoint: ENDPOINT,
          ...(item.uploadUrl ? { uploadUrl: item.uploadUrl } : {}),
          metadata: { type: item.type, title: item.title, filename: item.fileName },
          onUploadUrlAvailable: () => {
            if (!upload.url || upload.url === item.uploadUrl) return;
            item.uploadUrl = upload.url;
            void keeper.remember(item.id, upload.url);
          },
          onProgress: (sent, total) => onProgress(Math.round((sent / total) * 100)),
          onSuccess: ({ lastResponse }) => {
            const memoryId = lastResponse.getHeader('Upload-Item-Id');
            if (memoryId) resolve(memoryId);
            else reject(new ApiError('The upload finished but no memory was saved.', { status: 500 }));
          },
          onError: (error) => reject(toApiError(error)),
        });
        upload.start();
      });
    return attempt().catch(async (error: unknown) => {
      // An expired access token: refresh the session once and carry on from the server's offset.
      if (error instanceof ApiError && error.status === 401 && (await refreshAccessToken())) return attempt();
      throw error;
    });
  };

/** Forgets a kept item and, when the server already holds part of it, has the server delete that too. */
export const discardKept = async (keeper: TakeKeeper, id: string) => {
  const item = (await keeper.pending()).find((kept) => kept.id === id);
  await keeper.discard(id);
  if (item?.uploadUrl) await Upload.terminate(item.uploadUrl, { ...common }).catch(() => undefined);
};

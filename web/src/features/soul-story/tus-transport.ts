import { DetailedError, type HttpRequest, Upload, type UploadOptions } from 'tus-js-client';
import { UPLOAD_IDEMPOTENCY_KEY, UPLOADS_PATH } from '#contract/uploads.ts';
import { ApiError, apiErrorFrom, bearerAuthorization, refreshAccessToken } from '#web/shared/http.ts';
import type { GrowingTake } from './growing-take.ts';
import type { KeptItem, TakeKeeper } from './take-keeper.ts';

/** A lost connection costs at most one chunk. */
const CHUNK_SIZE = 5 * 1024 * 1024;
/**
 * While recording, a PATCH carries what was recorded since the last one, up to this: about 3 s of
 * video, so a connection lost mid-PATCH costs little, and a backlog on a slow uplink still goes in few requests.
 */
const RECORDING_CHUNK_SIZE = 1024 * 1024;

/** Sends one item to the server and answers the id of the memory it created. */
export type Transport = (item: KeptItem, onProgress: (percent: number) => void) => Promise<string>;

/** A take being recorded, sent as it grows. */
export interface RecordingSource {
  take: GrowingTake;
  /** Discard: stops the upload at once, and has the server drop an upload created meanwhile. */
  signal: AbortSignal;
  /** How many bytes the server has confirmed. */
  onConfirmed: (bytes: number) => void;
}

const withBearer = (request: HttpRequest) => {
  const authorization = bearerAuthorization();
  if (authorization) request.setHeader('Authorization', authorization);
};

/** The server's refusal in the spec's words, or a lost connection marked `network` so send-kept retries it. */
const toApiError = (error: Error): ApiError => {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError('Network error', { network: true });
  return apiErrorFrom(response.getStatus(), response.getBody());
};

const common: UploadOptions = {
  chunkSize: CHUNK_SIZE,
  // send-kept owns the back-off, so a retry also waits for the browser to come back online.
  retryDelays: [],
  storeFingerprintForResuming: false,
  onBeforeRequest: withBearer,
};

/** Has the server delete what it received of an upload; one it no longer knows is already gone. */
export const terminateUpload = (uploadUrl: string) =>
  Upload.terminate(uploadUrl, { ...common }).catch(() => undefined);

/**
 * Sends a kept item as a tus upload in chunks. The upload URL is kept with the item as soon as the server
 * creates it, so the next attempt (after a lost connection, or a reload) asks the server's offset with HEAD
 * and sends only the bytes it lacks. The final PATCH (or HEAD, when that already happened) names the memory.
 */
export const tusTransport =
  (keeper: TakeKeeper, recording?: RecordingSource): Transport =>
  (item, onProgress) => {
    const source = recording?.take ?? item.blob;
    const attempt = () =>
      new Promise<string>((resolve, reject) => {
        const upload: Upload = new Upload(source as Blob, {
          ...common,
          endpoint: `${UPLOADS_PATH}/`,
          ...(item.uploadUrl ? { uploadUrl: item.uploadUrl } : {}),
          // A take recorded while uploading declares its length with its last bytes, also when resumed after a reload.
          uploadLengthDeferred: Boolean(item.deferredLength),
          ...(recording
            ? { chunkSize: RECORDING_CHUNK_SIZE, fileReader: { openFile: async () => recording.take } }
            : {}),
          // A creation retried after its answer was lost names the upload it already made, not a second one.
          metadata: {
            type: item.type,
            title: item.title,
            filename: item.fileName,
            [UPLOAD_IDEMPOTENCY_KEY]: item.id,
          },
          onUploadUrlAvailable: () => {
            if (!upload.url || upload.url === item.uploadUrl) return;
            // Discarded while the server was creating it: the server drops it too.
            if (recording?.signal.aborted) {
              void terminateUpload(upload.url);
              return;
            }
            item.uploadUrl = upload.url;
            void keeper.remember(item.id, upload.url);
          },
          onProgress: (sent, total) => onProgress(Math.round((sent / (total ?? source.size)) * 100)),
          onChunkComplete: (_chunk, confirmed) => recording?.onConfirmed(confirmed),
          onSuccess: ({ lastResponse }) => {
            const memoryId = lastResponse.getHeader('Upload-Item-Id');
            if (memoryId) resolve(memoryId);
            else reject(new ApiError('The upload finished but no memory was saved.', { status: 500 }));
          },
          onError: (error) => reject(toApiError(error)),
        });
        recording?.signal.addEventListener(
          'abort',
          () => {
            void upload.abort();
            reject(new DOMException('The take was discarded.', 'AbortError'));
          },
          { once: true },
        );
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
  if (item?.uploadUrl) await terminateUpload(item.uploadUrl);
};

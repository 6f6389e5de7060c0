import { type Secrets, signPayload, verifyPayload } from '../security/signed-tokens.ts';

export const MEDIA_PREFIX = '/media';

const PURPOSE = 'media';

export interface MediaSigner {
  /** `/media/<expiry>/<signature>/<key>`: the URL still ends in the file's own extension. */
  url(key: string, ttlSeconds?: number): string;
  verify(expiry: string, signature: string, key: string): boolean;
}

export const createMediaSigner = (
  secrets: string | Secrets,
  defaultTtlSeconds: number,
  now = () => Date.now(),
): MediaSigner => ({
  url: (key, ttlSeconds = defaultTtlSeconds) => {
    // Rounding the expiry up to the hour keeps URLs stable between fetches, so browsers can cache them.
    const expiresAt = Math.ceil((now() / 1000 + ttlSeconds) / 3600) * 3600;
    return `${MEDIA_PREFIX}/${expiresAt}/${signPayload(secrets, { purpose: PURPOSE, payload: key, expiresAt })}/${key}`;
  },
  // No leading zero: the signature covers the expiry as written, and the server never writes one.
  verify: (expiry, signature, key) =>
    /^[1-9]\d{0,11}$/.test(expiry) &&
    verifyPayload(secrets, { purpose: PURPOSE, payload: key, expiresAt: Number(expiry) }, signature, now()),
});

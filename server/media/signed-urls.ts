import { createHmac, timingSafeEqual } from 'node:crypto';

export const MEDIA_PREFIX = '/media';

export interface MediaSigner {
  /** `/media/<expiry>/<signature>/<key>`: the URL still ends in the file's own extension. */
  url(key: string, ttlSeconds?: number): string;
  verify(expiry: string, signature: string, key: string): boolean;
}

export const createMediaSigner = (
  secret: string,
  defaultTtlSeconds: number,
  now = () => Date.now(),
): MediaSigner => {
  const sign = (expiry: string, key: string) =>
    createHmac('sha256', `${secret}:media`).update(`${expiry}/${key}`).digest('base64url').slice(0, 32);
  return {
    url: (key, ttlSeconds = defaultTtlSeconds) => {
      // Rounding the expiry up to the hour keeps URLs stable between fetches, so browsers can cache them.
      const expiry = String(Math.ceil((now() / 1000 + ttlSeconds) / 3600) * 3600);
      return `${MEDIA_PREFIX}/${expiry}/${sign(expiry, key)}/${key}`;
    },
    verify: (expiry, signature, key) => {
      if (!/^\d{1,12}$/.test(expiry) || Number(expiry) * 1000 < now()) return false;
      const expected = Buffer.from(sign(expiry, key));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};

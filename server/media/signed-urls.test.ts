import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './signed-urls.ts';

describe('signed media URLs', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const signer = createMediaSigner('a-test-secret-that-is-long-enough-for-hmac', 3600, () => now);

  const parts = (url: string) => {
    const [, , expiry, signature, ...key] = url.split('/');
    return { expiry: expiry!, signature: signature!, key: key.join('/') };
  };

  it('keeps the file extension at the end of the URL', () => {
    expect(signer.url('users/u1/stories/a.webm')).toMatch(
      /^\/media\/\d+\/[\w-]+\/users\/u1\/stories\/a\.webm$/,
    );
    expect(signer.url('keepsakes/u1/final.mp4')).toMatch(/\.mp4$/);
  });

  it('verifies its own URL and rejects a changed key or signature', () => {
    const { expiry, signature, key } = parts(signer.url('users/u1/photo.jpg'));
    expect(signer.verify(expiry, signature, key)).toBe(true);
    expect(signer.verify(expiry, signature, 'users/u2/photo.jpg')).toBe(false);
    expect(signer.verify(expiry, `${signature.slice(0, -1)}A`, key)).toBe(false);
    expect(signer.verify(String(Number(expiry) + 3600), signature, key)).toBe(false);
  });

  it('rejects an expired URL', () => {
    const { expiry, signature, key } = parts(signer.url('users/u1/photo.jpg'));
    const later = createMediaSigner(
      'a-test-secret-that-is-long-enough-for-hmac',
      3600,
      () => now + 3 * 3600_000,
    );
    expect(later.verify(expiry, signature, key)).toBe(false);
  });

  it('gives the same URL for repeated requests within the hour, so browsers can cache it', () => {
    expect(signer.url('a/b.jpg')).toBe(signer.url('a/b.jpg'));
  });

  it('gives the URLs it gave before, byte for byte, so issued URLs keep working', () => {
    const key = 'users/u1/photo.jpg';
    const expiry = String(Math.ceil((now / 1000 + 3600) / 3600) * 3600);
    const issued = createHmac('sha256', 'a-test-secret-that-is-long-enough-for-hmac:media')
      .update(`${expiry}/${key}`)
      .digest('base64url')
      .slice(0, 32);
    expect(signer.url(key)).toBe(`/media/${expiry}/${issued}/${key}`);
    expect(signer.verify(expiry, issued, key)).toBe(true);
    expect(signer.verify(`0${expiry}`, issued, key)).toBe(false);
  });
});

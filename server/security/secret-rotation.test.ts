import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../http/access-tokens.ts';
import { createMediaSigner } from '../media/signed-urls.ts';
import { openToken, type Secrets, sealToken } from './signed-tokens.ts';

const retiring = 'the-secret-being-rotated-out-of-the-list';
const signing = 'the-new-secret-that-signs-from-now-on-000';
const rotated: Secrets = [signing, retiring];
const subject = {
  userId: '3f8e2a4c-1b2d-4e5f-8a9b-0c1d2e3f4a5c',
  sessionId: '0b6a8c2e-4d1f-4a3b-9c8d-7e6f5a4b3c2d',
};

describe('secrets in rotation', () => {
  it('keeps access tokens of the retiring secret good and signs new ones with the first', async () => {
    const before = await createAccessTokens(retiring, 60).sign(subject);
    const during = createAccessTokens(rotated, 60);
    expect(await during.verify(before)).toEqual(subject);
    const issued = await during.sign(subject);
    expect(await createAccessTokens(signing, 60).verify(issued)).toEqual(subject);
    expect(await createAccessTokens(retiring, 60).verify(issued)).toBeNull();
    expect(
      await createAccessTokens(['a-third-secret-that-is-not-in-the-list-x'], 60).verify(before),
    ).toBeNull();
  });

  it('keeps sealed links of the retiring secret good and seals new ones with the first', () => {
    const id = 'gift-1';
    expect(openToken(rotated, 'gift-manage', sealToken(retiring, 'gift-manage', id))).toBe(id);
    const sealed = sealToken(rotated, 'gift-manage', id);
    expect(openToken(signing, 'gift-manage', sealed)).toBe(id);
    expect(openToken(retiring, 'gift-manage', sealed)).toBeNull();
  });

  it('keeps media URLs of the retiring secret good', () => {
    const [, , expiry = '', signature = '', key = ''] = createMediaSigner(retiring, 3600)
      .url('photo.jpg')
      .split('/');
    expect(createMediaSigner(rotated, 3600).verify(expiry, signature, key)).toBe(true);
    expect(createMediaSigner(signing, 3600).verify(expiry, signature, key)).toBe(false);
  });
});

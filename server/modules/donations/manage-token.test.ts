import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readManageToken, signManageToken } from './manage-token.ts';

const secret = 'a-secret-that-is-long-enough-for-signing-links';
const giftId = '3f8e2a4c-1b2d-4e5f-8a9b-0c1d2e3f4a5b';

describe('gift manage links', () => {
  it('reads back the gift it signed', () => {
    expect(readManageToken(secret, signManageToken(secret, giftId))).toBe(giftId);
  });

  it('refuses a link signed with another secret, for another gift, or cut short', () => {
    const token = signManageToken(secret, giftId);
    expect(readManageToken('another-secret-that-is-long-enough-too', token)).toBeNull();
    expect(readManageToken(secret, token.replace(giftId, '3f8e2a4c-1b2d-4e5f-8a9b-0c1d2e3f4a5c'))).toBeNull();
    expect(readManageToken(secret, token.slice(0, -3))).toBeNull();
    expect(readManageToken(secret, giftId)).toBeNull();
  });
});

describe('gift manage links in receipts already sent', () => {
  const sentSignature = (signingSecret: string, id: string) =>
    createHmac('sha256', signingSecret).update(`gift-manage:${id}`).digest('base64url');

  it('still open their gift', () => {
    expect(readManageToken(secret, `${giftId}.${sentSignature(secret, giftId)}`)).toBe(giftId);
  });

  it('still refuse another secret, another gift or a cut signature', () => {
    const otherId = '3f8e2a4c-1b2d-4e5f-8a9b-0c1d2e3f4a5c';
    expect(
      readManageToken(secret, `${giftId}.${sentSignature('another-secret-that-is-long-enough-too', giftId)}`),
    ).toBeNull();
    expect(readManageToken(secret, `${otherId}.${sentSignature(secret, giftId)}`)).toBeNull();
    expect(readManageToken(secret, `${giftId}.${sentSignature(secret, giftId).slice(0, 32)}`)).toBeNull();
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';

const signature = (secret: string, giftId: string) =>
  createHmac('sha256', secret).update(`gift-manage:${giftId}`).digest('base64url');

/** The link in each receipt: the gift id and its signature, so donors need no password. */
export const signManageToken = (secret: string, giftId: string) => `${giftId}.${signature(secret, giftId)}`;

/** The gift id when the signature matches, else null. */
export const readManageToken = (secret: string, token: string): string | null => {
  const [giftId, given] = token.split('.');
  if (!giftId || !given || !/^[0-9a-f-]{36}$/.test(giftId)) return null;
  const expected = Buffer.from(signature(secret, giftId));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received) ? giftId : null;
};

import { createHmac } from 'node:crypto';
import {
  acceptedSecrets,
  openToken,
  type Secrets,
  sameSignature,
  sealToken,
} from '#server/security/signed-tokens.ts';

const PURPOSE = 'gift-manage';
const giftIdPattern = /^[0-9a-f-]{36}$/;

/** The link in each receipt: the gift id and its signature, so donors need no password. */
export const signManageToken = (secret: string, giftId: string) => sealToken(secret, PURPOSE, giftId);

/**
 * Receipts sent before links were signed per purpose carry the whole HMAC of `gift-manage:<id>` under
 * the bare secret. Donors keep receipts for years to cancel a recurring gift, so those links stay good.
 */
const openEarlierReceiptToken = (secrets: string | Secrets, token: string): string | null => {
  const [giftId, given] = token.split('.');
  if (!giftId || !given) return null;
  const signedWith = (secret: string) =>
    sameSignature(given, createHmac('sha256', secret).update(`${PURPOSE}:${giftId}`).digest('base64url'));
  return acceptedSecrets(secrets).some(signedWith) ? giftId : null;
};

/** The gift id when the signature matches, else null. */
export const readManageToken = (secrets: string | Secrets, token: string): string | null => {
  const giftId = openToken(secrets, PURPOSE, token) ?? openEarlierReceiptToken(secrets, token);
  return giftId && giftIdPattern.test(giftId) ? giftId : null;
};

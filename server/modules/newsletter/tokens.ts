import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const newConfirmToken = () => randomBytes(32).toString('base64url');

/** Only a hash of the confirmation token is stored, so a database leak cannot confirm anyone. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const signature = (secret: string, subscriberId: string) =>
  createHmac('sha256', `${secret}:newsletter-unsubscribe`)
    .update(subscriberId)
    .digest('base64url')
    .slice(0, 32);

/**
 * The unsubscribe token is derived, not stored: every letter can carry it, for as long as the
 * subscriber exists, and nobody can forge one for someone else's address.
 */
export const unsubscribeToken = (secret: string, subscriberId: string) =>
  `${subscriberId}.${signature(secret, subscriberId)}`;

export const subscriberIdFromUnsubscribeToken = (secret: string, token: string): string | null => {
  const [id, given] = token.split('.');
  if (!id || !given || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const expected = Buffer.from(signature(secret, id));
  const provided = Buffer.from(given);
  return provided.length === expected.length && timingSafeEqual(provided, expected) ? id : null;
};

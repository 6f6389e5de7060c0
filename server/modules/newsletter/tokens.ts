import { openToken, type Secrets, sealToken } from '#server/security/signed-tokens.ts';

const UNSUBSCRIBE = 'newsletter-unsubscribe';
const subscriberIdPattern = /^[0-9a-f-]{36}$/i;

/**
 * The unsubscribe token is derived, not stored: every letter can carry it, for as long as the
 * subscriber exists, and nobody can forge one for someone else's address.
 */
export const unsubscribeToken = (secret: string, subscriberId: string) =>
  sealToken(secret, UNSUBSCRIBE, subscriberId);

export const subscriberIdFromUnsubscribeToken = (secrets: string | Secrets, token: string): string | null => {
  const id = openToken(secrets, UNSUBSCRIBE, token);
  return id && subscriberIdPattern.test(id) ? id : null;
};

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets signatures are made with: the first signs, and every one is accepted, so tokens signed
 * with a secret being rotated out stay good until it is dropped from the list.
 */
export type Secrets = readonly [signing: string, ...retiring: string[]];

export const signingSecret = (secrets: string | Secrets) =>
  typeof secrets === 'string' ? secrets : secrets[0];

/** Every secret a signature is accepted from: one, or the list being rotated. */
export const acceptedSecrets = (secrets: string | Secrets): readonly string[] =>
  typeof secrets === 'string' ? [secrets] : secrets;

/** What one signature vouches for. */
export interface Signed {
  /**
   * Keys the HMAC (`<secret>:<purpose>`), so a signature made for one purpose, say an unsubscribe
   * link, never passes for another, say a media URL of the same id.
   */
  purpose: string;
  payload: string;
  /** Unix seconds; signed with the payload, and refused once passed. */
  expiresAt?: number;
}

// 192 of the HMAC's 256 bits: far beyond guessing, and links stay short.
const SIGNATURE_LENGTH = 32;

const signWith = (secret: string, { purpose, payload, expiresAt }: Signed) =>
  createHmac('sha256', `${secret}:${purpose}`)
    .update(expiresAt === undefined ? payload : `${expiresAt}/${payload}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);

export const signPayload = (secrets: string | Secrets, signed: Signed) =>
  signWith(signingSecret(secrets), signed);

/** In constant time, so the time of an answer tells a forger nothing about how close a guess came. */
export const sameSignature = (given: string, expected: string) => {
  const givenBytes = Buffer.from(given);
  const expectedBytes = Buffer.from(expected);
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
};

export const verifyPayload = (
  secrets: string | Secrets,
  signed: Signed,
  signature: string,
  now = Date.now(),
) =>
  (signed.expiresAt === undefined || signed.expiresAt * 1000 >= now) &&
  acceptedSecrets(secrets).some((secret) => sameSignature(signature, signWith(secret, signed)));

/** `<payload>.<signature>`: a token that carries its payload, which must hold no dot (an id, say). */
export const sealToken = (secrets: string | Secrets, purpose: string, payload: string) =>
  `${payload}.${signPayload(secrets, { purpose, payload })}`;

/**
 * The payload of a sealed token whose signature matches, else null. Anything after a second dot is
 * ignored, such as the full stop a mail client takes into a link at the end of a sentence.
 */
export const openToken = (secrets: string | Secrets, purpose: string, token: string): string | null => {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  return verifyPayload(secrets, { purpose, payload }, signature) ? payload : null;
};

/** `<payload>.<expiresAt>.<signature>`: a sealed token that stops opening at `expiresAt` (Unix seconds). */
export const sealExpiringToken = (
  secrets: string | Secrets,
  purpose: string,
  payload: string,
  expiresAt: number,
) => `${payload}.${expiresAt}.${signPayload(secrets, { purpose, payload, expiresAt })}`;

/** The payload of an expiring sealed token whose signature matches and whose time has not passed, else null. */
export const openExpiringToken = (
  secrets: string | Secrets,
  purpose: string,
  token: string,
  now = Date.now(),
): string | null => {
  const [payload, expiry, signature, ...rest] = token.split('.');
  if (!payload || !expiry || !signature || rest.length || !/^\d{1,12}$/.test(expiry)) return null;
  return verifyPayload(secrets, { purpose, payload, expiresAt: Number(expiry) }, signature, now)
    ? payload
    : null;
};

/** An unguessable opaque token (32 random bytes unless a shorter link is worth fewer). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** The only form of a random token the database keeps, so a leaked table cannot be used as the tokens. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

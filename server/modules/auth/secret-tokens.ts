import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token for a client, and the only form of it the database keeps. */
export const newSecretToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
};

export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');

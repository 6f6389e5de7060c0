import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessTokens {
  sign(userId: string): Promise<string>;
  /** The user id, or null for a missing, tampered, expired or foreign token. */
  verify(token: string): Promise<string | null>;
}

const ISSUER = 'pilgrim-soul';
const AUDIENCE = 'pilgrim-soul-api';

export const createAccessTokens = (secret: string, ttlSeconds: number): AccessTokens => {
  const key = createHash('sha256').update(`${secret}:access-token`).digest();
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
};

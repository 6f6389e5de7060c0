import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { acceptedSecrets, type Secrets, signingSecret } from '../security/signed-tokens.ts';

/** Who a token speaks for: the user and the session (one sign-in) it was issued within. */
export interface TokenSubject {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  sign(subject: TokenSubject): Promise<string>;
  /**
   * The user and session, or null for a missing, tampered, expired or foreign token, one without
   * `exp`, or one whose ids are not ids. Whether the session is still live is the guard's question.
   */
  verify(token: string): Promise<TokenSubject | null>;
}

const ISSUER = 'pilgrim-soul';
const AUDIENCE = 'pilgrim-soul-api';
const SESSION_CLAIM = 'sid';

// Any 8-4-4-4-12 hex id: what PostgreSQL's uuid type reads, so a crafted `sub` never reaches a query.
const claims = z.object({ sub: z.guid(), [SESSION_CLAIM]: z.guid() });

const keyOf = (secret: string) => createHash('sha256').update(`${secret}:access-token`).digest();

/** The subject, null for a token refused for anything but its signature, or 'wrong key' to try the next key. */
const verifyWith = async (key: Uint8Array, token: string): Promise<TokenSubject | null | 'wrong key'> => {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', SESSION_CLAIM],
    });
    const parsed = claims.safeParse(payload);
    return parsed.success ? { userId: parsed.data.sub, sessionId: parsed.data[SESSION_CLAIM] } : null;
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return 'wrong key';
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
};

/** Signs with the first secret and accepts a token signed with any of them (see Secrets). */
export const createAccessTokens = (secrets: string | Secrets, ttlSeconds: number): AccessTokens => {
  const signingKey = keyOf(signingSecret(secrets));
  const keys = acceptedSecrets(secrets).map(keyOf);
  return {
    sign: ({ userId, sessionId }) =>
      new SignJWT({ [SESSION_CLAIM]: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(signingKey),
    verify: async (token) => {
      for (const key of keys) {
        const subject = await verifyWith(key, token);
        if (subject !== 'wrong key') return subject;
      }
      return null;
    },
  };
};

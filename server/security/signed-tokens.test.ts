import { describe, expect, it } from 'vitest';
import {
  hashToken,
  openExpiringToken,
  openToken,
  randomToken,
  sameSignature,
  sealExpiringToken,
  sealToken,
  signPayload,
  verifyPayload,
} from './signed-tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hmac';
const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const inAnHour = now / 1000 + 3600;

describe('signed payloads', () => {
  it('verifies its own signature, of 32 base64url characters', () => {
    const signed = { purpose: 'media', payload: 'users/u1/photo.jpg' };
    const signature = signPayload(secret, signed);
    expect(signature).toMatch(/^[\w-]{32}$/);
    expect(verifyPayload(secret, signed, signature)).toBe(true);
  });

  it('refuses another payload, purpose, secret or a changed signature', () => {
    const signed = { purpose: 'media', payload: 'a' };
    const signature = signPayload(secret, signed);
    expect(verifyPayload(secret, { ...signed, payload: 'b' }, signature)).toBe(false);
    expect(verifyPayload(secret, { ...signed, purpose: 'newsletter-unsubscribe' }, signature)).toBe(false);
    expect(verifyPayload(`${secret}-rotated`, signed, signature)).toBe(false);
    expect(
      verifyPayload(secret, signed, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
    ).toBe(false);
    expect(verifyPayload(secret, signed, signature.slice(0, -1))).toBe(false);
    expect(verifyPayload(secret, signed, '')).toBe(false);
  });

  it('signs the expiry: refused once passed, or when moved', () => {
    const signed = { purpose: 'media', payload: 'a', expiresAt: inAnHour };
    const signature = signPayload(secret, signed);
    expect(verifyPayload(secret, signed, signature, now)).toBe(true);
    expect(verifyPayload(secret, signed, signature, inAnHour * 1000)).toBe(true);
    expect(verifyPayload(secret, signed, signature, inAnHour * 1000 + 1)).toBe(false);
    expect(verifyPayload(secret, { ...signed, expiresAt: inAnHour + 3600 }, signature, now)).toBe(false);
    expect(verifyPayload(secret, { purpose: 'media', payload: 'a' }, signature, now)).toBe(false);
  });
});

describe('sealed tokens', () => {
  const id = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

  it('carry their payload and give it back only for their purpose', () => {
    const token = sealToken(secret, 'gift-manage', id);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(openToken(secret, 'gift-manage', token)).toBe(id);
    expect(openToken(secret, 'newsletter-unsubscribe', token)).toBeNull();
  });

  it('refuse a token without a signature, and ignore what follows a second dot', () => {
    const token = sealToken(secret, 'gift-manage', id);
    expect(openToken(secret, 'gift-manage', id)).toBeNull();
    expect(openToken(secret, 'gift-manage', `${id}.`)).toBeNull();
    expect(openToken(secret, 'gift-manage', `.${token.split('.')[1]}`)).toBeNull();
    expect(openToken(secret, 'gift-manage', `${token}.`)).toBe(id);
  });
});

describe('sameSignature', () => {
  it('matches equal text only, whatever the lengths', () => {
    expect(sameSignature('abc', 'abc')).toBe(true);
    expect(sameSignature('abd', 'abc')).toBe(false);
    expect(sameSignature('ab', 'abc')).toBe(false);
  });
});

describe('random tokens', () => {
  it('are base64url of the bytes asked for, and never repeat', () => {
    expect(randomToken()).toMatch(/^[\w-]{43}$/);
    expect(randomToken(18)).toMatch(/^[\w-]{24}$/);
    expect(new Set(Array.from({ length: 100 }, () => randomToken())).size).toBe(100);
  });
});

describe('hashToken', () => {
  it('stores a one-way hash, never the token', () => {
    expect(hashToken('abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('abc')).not.toContain('abc');
  });
});

describe('expiring sealed tokens', () => {
  it('open to their payload until they expire, for their purpose only', () => {
    const token = sealExpiringToken(secret, 'events', 'user-1', inAnHour);
    expect(openExpiringToken(secret, 'events', token, now)).toBe('user-1');
    expect(openExpiringToken(secret, 'events', token, (inAnHour + 1) * 1000)).toBeNull();
    expect(openExpiringToken(secret, 'media', token, now)).toBeNull();
  });

  it('refuse a moved expiry, a changed payload and anything that is not one', () => {
    const token = sealExpiringToken(secret, 'events', 'user-1', inAnHour);
    const [payload, expiry, signature] = token.split('.');
    expect(
      openExpiringToken(secret, 'events', `${payload}.${Number(expiry) + 60}.${signature}`, now),
    ).toBeNull();
    expect(openExpiringToken(secret, 'events', `user-2.${expiry}.${signature}`, now)).toBeNull();
    expect(openExpiringToken(secret, 'events', `${token}.more`, now)).toBeNull();
    expect(openExpiringToken(secret, 'events', sealToken(secret, 'events', 'user-1'), now)).toBeNull();
    expect(openExpiringToken(secret, 'events', '', now)).toBeNull();
  });
});

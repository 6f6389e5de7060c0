import { describe, expect, it } from 'vitest';
import { hashToken, subscriberIdFromUnsubscribeToken, unsubscribeToken } from './tokens.ts';

const secret = 's'.repeat(48);
const id = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('unsubscribe tokens', () => {
  it('round-trips the subscriber id', () => {
    expect(subscriberIdFromUnsubscribeToken(secret, unsubscribeToken(secret, id))).toBe(id);
  });

  it('refuses a token signed with another secret, for another id, or malformed', () => {
    const token = unsubscribeToken(secret, id);
    expect(subscriberIdFromUnsubscribeToken('t'.repeat(48), token)).toBeNull();
    const otherId = '00000000-0000-4000-8000-000000000000';
    expect(subscriberIdFromUnsubscribeToken(secret, `${otherId}.${token.split('.')[1]}`)).toBeNull();
    expect(subscriberIdFromUnsubscribeToken(secret, 'nonsense')).toBeNull();
    expect(subscriberIdFromUnsubscribeToken(secret, `${id}.short`)).toBeNull();
  });
});

describe('hashToken', () => {
  it('stores a one-way hash, never the token', () => {
    expect(hashToken('abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('abc')).not.toContain('abc');
  });
});

import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subscriberIdFromUnsubscribeToken, unsubscribeToken } from './tokens.ts';

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

  it('are the tokens of letters already sent, byte for byte', () => {
    const sent = `${id}.${createHmac('sha256', `${secret}:newsletter-unsubscribe`).update(id).digest('base64url').slice(0, 32)}`;
    expect(unsubscribeToken(secret, id)).toBe(sent);
    expect(subscriberIdFromUnsubscribeToken(secret, sent)).toBe(id);
  });
});

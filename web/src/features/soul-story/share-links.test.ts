import { describe, expect, it } from 'vitest';
import { shareTargets } from './share-links.ts';

describe('shareTargets', () => {
  it('puts the encoded link into each network’s share address', () => {
    const url = 'https://pilgrimsoul.example/s/abc_DEF-123?x=1&y=2';
    const encoded = encodeURIComponent(url);
    const targets = shareTargets(url);
    expect(targets.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(new URL(targets.twitter).searchParams.get('url')).toBe(url);
    expect(new URL(targets.whatsapp).searchParams.get('text')).toMatch(
      / https:\/\/pilgrimsoul\.example\/s\/abc_DEF-123\?x=1&y=2$/,
    );
  });
});

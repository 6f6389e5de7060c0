import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { doors } from './doors.ts';

const publicAssets = fileURLToPath(new URL('../assets/public/', import.meta.url));

describe('the doors', () => {
  it('are the six doors of the spec, in order, each opening onto /doors', () => {
    expect(doors.map((door) => door.title)).toEqual([
      'Soul Direction',
      'Soul Circles',
      'Soul Learning Hub',
      'Soul Table',
      'Soul Action',
      'Soul Prayer Hub',
    ]);
    expect(new Set(doors.map((door) => door.id)).size).toBe(6);
    for (const door of doors) expect(door.link).toBe('/doors');
  });

  it('show images the app serves from its own assets', () => {
    for (const door of doors) {
      expect(door.image).toMatch(/^\/static\//);
      expect(existsSync(publicAssets + door.image.replace('/static/', '')), door.image).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { vttTime } from './webvtt-time.ts';

describe('vttTime', () => {
  it('writes minutes, seconds and milliseconds, and hours only when there are any', () => {
    expect(vttTime(0)).toBe('00:00.000');
    expect(vttTime(1.3)).toBe('00:01.300');
    expect(vttTime(61.5)).toBe('01:01.500');
    expect(vttTime(83.0004)).toBe('01:23.000');
    expect(vttTime(3723.004)).toBe('01:02:03.004');
  });
});

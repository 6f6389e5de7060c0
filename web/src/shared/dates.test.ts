import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatLongDate,
  formatReaderLongDate,
  isIsoDate,
  todayIso,
} from './dates.ts';

// Local times without an offset, so the strings are the same in every time zone.
const morning = '2026-04-14T09:05:00';

describe('date formats', () => {
  it('writes a post date in words, whatever the locale', () => {
    expect(formatLongDate(morning)).toBe('14 April 2026');
    expect(formatLongDate(null)).toBe('');
  });

  it('writes a moment with its 24-hour time', () => {
    expect(formatDateTime(morning)).toBe('14 Apr 2026, 09:05');
    expect(formatDateTime('2026-12-01T21:40:00')).toBe('1 Dec 2026, 21:40');
    expect(formatDateTime(null)).toBe('—');
  });

  it('writes a gift date in the reader’s own locale', () => {
    expect(formatReaderLongDate(morning)).toBe(
      new Date(morning).toLocaleDateString(undefined, { dateStyle: 'long' }),
    );
  });

  it('shows a date it cannot read as blank rather than failing the page', () => {
    expect(formatLongDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('calendar dates', () => {
  it('writes a record’s date as that day wherever the reader is', () => {
    expect(formatCalendarDate('2025-10-14')).toBe('14 October 2025');
    expect(formatCalendarDate(null)).toBe('');
  });

  it('knows today by the reader’s own calendar', () => {
    const now = new Date(2026, 3, 14, 23, 30);
    expect(todayIso(now)).toBe('2026-04-14');
    expect(isIsoDate(todayIso())).toBe(true);
    expect(isIsoDate('14/04/2026')).toBe(false);
  });
});

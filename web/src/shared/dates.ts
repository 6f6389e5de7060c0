/**
 * The site's date formats. Posts, tables and notifications read the same whatever the reader's locale
 * (day before month, 24-hour clock); a gift's dates are the one place that follows the reader's locale.
 * A missing date, or one that cannot be read, shows as its format's blank.
 */
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const readerLongDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
// A calendar date (YYYY-MM-DD) is read as midnight UTC, so it is written in UTC to stay that day everywhere.
const calendarDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const formatOr = (format: Intl.DateTimeFormat, blank: string) => (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format.format(date) : blank;
};

/** "14 April 2026", or nothing; a post's date. */
export const formatLongDate = formatOr(longDate, '');

/** "14 Apr 2026, 09:30", or a dash; a moment in a table or a notification. */
export const formatDateTime = formatOr(dateTime, '—');

/** The reader's own long date, e.g. "April 14, 2026" in the United States. */
export const formatReaderLongDate = formatOr(readerLongDate, '');

/** "14 October 2025" for the calendar date 2025-10-14, wherever the reader is; a date on a record. */
export const formatCalendarDate = formatOr(calendarDate, '');

/** Today's date as the pilgrim's own calendar shows it (YYYY-MM-DD). */
export const todayIso = (now = new Date()) => {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
};

export const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

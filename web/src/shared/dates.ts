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

/** One date format for every post, whatever the reader's locale, e.g. "14 April 2026". */
export const formatPostDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) : '';

/**
 * Text for HTML element content or a double-quoted attribute, in pages and emails alike; every attribute
 * we write is double-quoted, so `'` may stay as it is.
 */
export const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

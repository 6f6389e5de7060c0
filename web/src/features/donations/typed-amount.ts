/**
 * An amount as a donor types it on a phone, in the form the gift's terms read ("12.50"): without the
 * pound sign or spaces, and with a decimal comma (a Spanish or French keypad's) read as a point. A
 * comma before exactly three digits separates thousands ("1,000"), as in English.
 */
export const typedPounds = (typed: string): string => {
  const text = typed.replace(/[£\s]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return text.replaceAll(',', '');
  if (/^\d+,\d{1,2}$/.test(text)) return text.replace(',', '.');
  return text;
};

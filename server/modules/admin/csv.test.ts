import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  const columns = [
    { header: 'email', value: (row: { email: string; n: number | null }) => row.email },
    { header: 'n', value: (row: { email: string; n: number | null }) => row.n },
  ];

  it('writes a header row and CRLF line ends', () => {
    expect(toCsv([{ email: 'a@example.com', n: 1 }], columns)).toBe('email,n\r\na@example.com,1\r\n');
  });

  it('quotes commas, quotes and line breaks, and leaves nulls empty', () => {
    expect(toCsv([{ email: 'say "hi", then\nleave', n: null }], columns)).toBe(
      'email,n\r\n"say ""hi"", then\nleave",\r\n',
    );
  });

  it('keeps spreadsheet formulas as text', () => {
    expect(toCsv([{ email: '=HYPERLINK("x")', n: -3 }], columns)).toBe(
      'email,n\r\n"\'=HYPERLINK(""x"")",-3\r\n',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField } from './common.ts';
import { emailMessages, emailPattern, readEmail } from './email.ts';

describe('the email rule', () => {
  it('is the pattern Zod itself checks email addresses with (less its needless escapes)', () => {
    expect(emailPattern.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
  });

  it('reads every address as the API’s email field does, message for message', () => {
    const addresses = [
      '  Ana@Example.ORG ',
      'ana.maria+camino@example.es',
      "o'brien@example.ie",
      '',
      '   ',
      'ana',
      'ana@',
      '@example.com',
      'ana@example',
      'ana..maria@example.com',
      '.ana@example.com',
      'ana@exa mple.com',
      'peregrina@santiago.gal',
      `${'a'.repeat(250)}@example.com`,
    ];
    for (const address of addresses) {
      const parsed = emailField.safeParse(address);
      const expected = parsed.success ? { email: parsed.data } : { error: parsed.error.issues[0]!.message };
      expect(readEmail(address), address).toEqual(expected);
    }
  });

  it('trims and lower-cases, and names what is wrong', () => {
    expect(readEmail(' Ana@Example.org ')).toEqual({ email: 'ana@example.org' });
    expect(readEmail(' ')).toEqual({ error: emailMessages.required });
    expect(readEmail('ana@')).toEqual({ error: emailMessages.invalid });
  });
});

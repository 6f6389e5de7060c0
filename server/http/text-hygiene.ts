import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.ts';

export const controlCharacterMessage = 'Text may not contain control characters.';

/** NUL and the other control characters no form can type; tab, line feed and carriage return are text. */
const controlCharacter = /(?![\t\n\r])\p{Cc}/u;
/** The same characters percent-encoded in a URL (`%00`), caught before any route or page reads it. */
const encodedControlCharacter = /%(0[0-8bcef]|1[0-9a-f]|7f|c2%[89][0-9a-f])/i;

/** Where in a parsed body the first control character sits ('' for the value itself), or null. */
export const findControlCharacter = (value: unknown, path = ''): string | null => {
  if (typeof value === 'string') return controlCharacter.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (controlCharacter.test(key)) return path;
    const found = findControlCharacter(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
};

export const assertCleanText = (value: unknown) => {
  const field = findControlCharacter(value);
  if (field !== null) throw new Invalid(controlCharacterMessage, field || undefined);
};

/**
 * One gate for every route and page: a control character in the path, query or body is refused
 * with 400 before any schema, service or database sees it (PostgreSQL cannot store NUL in text).
 */
export const registerTextHygiene = (app: FastifyInstance) => {
  // Every request runs these, so they take a callback rather than being async: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    done(encodedControlCharacter.test(request.url) ? new Invalid(controlCharacterMessage) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertCleanText(request.query);
      assertCleanText(request.params);
      assertCleanText(request.body);
    } catch (error) {
      return done(error as Invalid);
    }
    done();
  });
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid } from './errors.ts';

export const controlCharacterMessage = 'Text may not contain control characters.';
export const nestedTooDeeplyMessage = 'The request body is nested too deeply.';

/** Far deeper than any form or API client nests; a body beyond it is an attack on the parser or the walk. */
export const MAX_NESTING_DEPTH = 64;

/** NUL and the other control characters no form can type; tab, line feed and carriage return are text. */
const controlCharacter = /(?![\t\n\r])\p{Cc}/u;
/** The same characters percent-encoded in a URL (`%00`), caught before any route or page reads it. */
const encodedControlCharacter = /%(0[0-8bcef]|1[0-9a-f]|7f|c2%[89][0-9a-f])/i;
/**
 * In a header value, tab is the only control character HTTP allows. C1 characters are left alone: Node
 * reads header bytes as Latin-1, so the UTF-8 bytes of an ordinary "—" arrive as U+0080–U+009F.
 */
const headerControlCharacter = /(?![\t\u0080-\u009f])\p{Cc}/u;

export type TextProblem = { kind: 'control-character'; field: string } | { kind: 'too-deep' };

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests arrays and objects deeper than the limit, counted on the raw text (brackets
 * inside strings do not count), so a hostile body is refused before JSON.parse builds it.
 */
export const nestsTooDeeply = (json: string, limit = MAX_NESTING_DEPTH): boolean => {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return false;
};

/**
 * The first control character in a parsed value, by its field's path ('' for the value itself), or a
 * nesting deeper than the limit. Walked with an explicit stack: a recursive walk of a hostile body runs
 * out of call stack, and a RangeError is a 500.
 */
export const findTextProblem = (value: unknown, limit = MAX_NESTING_DEPTH): TextProblem | null => {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path, depth } = next;
    if (typeof item === 'string') {
      if (controlCharacter.test(item)) return { kind: 'control-character', field: path };
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= limit) return { kind: 'too-deep' };
    const entries = Object.entries(item);
    // Pushed last to first, so the first field is looked at first, as a reader would.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      if (controlCharacter.test(key)) return { kind: 'control-character', field: path };
      pending.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
};

export const assertCleanText = (value: unknown) => {
  const problem = findTextProblem(value);
  if (problem?.kind === 'too-deep') throw new Invalid(nestedTooDeeplyMessage);
  if (problem) throw new Invalid(controlCharacterMessage, problem.field || undefined);
};

/** The first header whose value carries a control character HTTP does not allow, or null. */
const headerWithControlCharacter = (request: FastifyRequest) => {
  const raw = request.raw.rawHeaders;
  for (let index = 1; index < raw.length; index += 2)
    if (headerControlCharacter.test(raw[index]!)) return raw[index - 1]!.toLowerCase();
  return null;
};

/**
 * One gate for every route and page: a control character in the path, query, a header or the body is
 * refused with 400 before any schema, service or database sees it (PostgreSQL cannot store NUL in text).
 */
export const registerTextHygiene = (app: FastifyInstance) => {
  // Every request runs these, so they take a callback rather than being async: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (encodedControlCharacter.test(request.url)) return done(new Invalid(controlCharacterMessage));
    const header = headerWithControlCharacter(request);
    done(header === null ? undefined : new Invalid(controlCharacterMessage, header));
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

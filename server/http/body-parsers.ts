import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Invalid, UnsupportedMedia } from './errors.ts';
import { nestedTooDeeplyMessage, nestsTooDeeply } from './text-hygiene.ts';

const isBlank = (body: string | Buffer) => body.toString().trim() === '';

/** Repeated keys (`a=1&a=2`, or PHP-style `a[]=1`) become lists; the rest stay single strings. */
const formFields = (body: string) => {
  const fields: Record<string, string | string[]> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const previous = fields[key];
    if (previous === undefined) fields[key] = rawKey.endsWith('[]') ? [value] : value;
    else fields[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return fields;
};

/**
 * Bodies as existing clients send them: an empty body under any content type means no payload,
 * JSON may arrive labelled `text/plain` (what `fetch` labels a string body) and forms may arrive
 * URL-encoded. Routes' own schemas then decide what is really wrong.
 */
export const registerBodyParsers = (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  type Done = NonNullable<Parameters<typeof parseJson>[2]>;
  const json = (request: FastifyRequest, body: string, done: Done) => {
    if (isBlank(body)) return done(null, undefined);
    // Counted on the text, so JSON.parse never builds a hostile nesting for the text hygiene to walk.
    if (nestsTooDeeply(body)) return done(new Invalid(nestedTooDeeplyMessage), undefined);
    parseJson(request, body, done);
  };

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    json(request, body as string, done),
  );
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (/^\s*[{[]/.test(text)) return json(request, text, done);
    done(null, isBlank(text) ? undefined : text);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, isBlank(body) ? undefined : formFields(body as string)),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    if (isBlank(body)) return done(null, undefined);
    done(new UnsupportedMedia('Unsupported content type'), undefined);
  });
};

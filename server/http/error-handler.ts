import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionFailure } from '../db/client.ts';
import { AppError, TooMany } from './errors.ts';

const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart',
  FST_REQ_FILE_TOO_LARGE: 'The upload is too large.',
  FST_FILES_LIMIT: 'Too many files in one upload',
  FST_PARTS_LIMIT: 'Too many parts in one upload',
  FST_FIELDS_LIMIT: 'Too many fields in one upload',
};

/**
 * What a 4xx from below the app may say. Fastify's own errors (FST_…) describe the request; any other
 * library's or driver's message may describe its internals (a query, a path, a key), so it gives way to
 * the status's own phrase.
 */
const clientErrorMessage = (error: FastifyError, status: number) =>
  frameworkMessages[error.code] ??
  (typeof error.code === 'string' && error.code.startsWith('FST_') ? error.message : STATUS_CODES[status]) ??
  'The request could not be processed.';

const fieldFromPath = (instancePath: string | undefined) =>
  instancePath?.replace(/^\//, '').replaceAll('/', '.') || undefined;

/** Zod's generic messages do not say which field they mean; our own messages already do. */
const isGenericMessage = (message: string) =>
  /^(Invalid (input|option|element|key|union|format|email|url|uuid|date|string|number)\b|Too (big|small):|Unrecognized key)/.test(
    message,
  );

// Long enough for a database restart or failover to finish.
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** One place turns every thrown error into a status and an `{ error }` body; 5xx details stay in the log. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldFromPath(first?.instancePath);
      const raw = first?.message ?? 'Invalid input';
      const message = field && isGenericMessage(raw) ? `${field}: ${raw}` : raw;
      return reply.status(400).send({ error: message, ...(field ? { field } : {}), requestId: request.id });
    }
    if (error instanceof AppError) {
      if (error instanceof TooMany) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.status).send({
        error: error.message,
        ...(error.field ? { field: error.field } : {}),
        requestId: request.id,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Something went wrong on our side.', requestId: request.id });
    }
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
        error:
          'We cannot reach our database just now, usually during a restart. Please try again in a few seconds.',
        requestId: request.id,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientErrorMessage(error, status), requestId: request.id });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'Something went wrong on our side.', requestId: request.id });
  });
};

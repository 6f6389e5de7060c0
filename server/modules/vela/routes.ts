import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import {
  chatConfigResponse,
  chatExportQuery,
  chatRequest,
  chatResponse,
  helplinesResponse,
  historyResponse,
  reminderScheduleRequest,
  reminderScheduleResponse,
  streamEvents,
} from '#contract/vela.ts';
import type { AppDeps } from '#server/deps.ts';
import { getOwn, signedIn, userIdOf } from '#server/http/auth-guard.ts';
import { getFixed } from '#server/http/caching.ts';
import { eventFrame, writeEventStreamHead } from '#server/http/event-stream.ts';
import { fileResponse } from '#server/http/openapi.ts';
import type { ChatService } from './chat-service.ts';
import { chatMarkdown, chatTranscript } from './history-export.ts';
import { ProviderError } from './providers/index.ts';
import { scheduleReminders } from './reminders.ts';

const errors = {
  400: errorBody,
  429: errorBody,
  500: errorBody,
  502: errorBody,
  503: errorBody,
  504: errorBody,
};

/** Starts the event stream only once the first piece is in hand, so an early failure is a plain JSON error. */
const streamReply = async (
  request: FastifyRequest,
  reply: FastifyReply,
  pieces: AsyncIterator<string>,
  first: IteratorResult<string>,
  finish: (raw: string) => Promise<string | null>,
  logger: AppDeps['logger'],
) => {
  // No intermediary may keep or rewrite a reply written token by token.
  writeEventStreamHead(reply, 'no-cache, no-transform');
  let raw = '';
  let current = first;
  try {
    while (!current.done) {
      raw += current.value;
      reply.raw.write(eventFrame(streamEvents.token, { text: current.value }));
      current = await pieces.next();
    }
    const cleaned = await finish(raw);
    reply.raw.write(eventFrame(streamEvents.done, { generated_text: cleaned }));
  } catch (error) {
    const failure = error instanceof ProviderError ? error : null;
    if (!failure && !request.raw.destroyed) logger.error({ err: error }, 'chat stream failed');
    else if (failure)
      logger.warn({ failure: failure.failure, detail: failure.detail }, 'model provider failed mid-stream');
    reply.raw.write(
      eventFrame(streamEvents.error, {
        status: failure?.status ?? 500,
        error: failure?.message ?? 'Something went wrong on our side.',
      }),
    );
  }
  reply.raw.end();
};

export const velaRoutes =
  (deps: AppDeps, chat: ChatService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/chat/',
      signedIn(deps.auth, {
        tags: ['vela'],
        summary: 'One reply from Vela in the text-generation shape: [{ generated_text }]',
        body: chatRequest,
        response: { 200: chatResponse, ...errors },
      }),
      async (request) => {
        try {
          return await chat.answer(userIdOf(request), request.body);
        } catch (error) {
          if (error instanceof ProviderError)
            request.log.warn({ failure: error.failure, detail: error.detail }, 'model provider failed');
          throw error;
        }
      },
    );

    app.post(
      '/api/chat/stream/',
      signedIn(deps.auth, {
        tags: ['vela'],
        summary: 'Vela’s reply as server-sent events: token pieces, then done with the cleaned reply',
        body: chatRequest,
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      }),
      async (request, reply) => {
        const abort = new AbortController();
        // The response closing before it was finished means the pilgrim went away: stop the model too.
        reply.raw.on('close', () => {
          if (!reply.raw.writableEnded) abort.abort();
        });
        const userId = userIdOf(request);
        const started = await chat.start(userId, request.body, abort.signal);
        if (started.kind === 'safety') {
          return reply
            .type('text/event-stream; charset=utf-8')
            .send(eventFrame(streamEvents.done, started.answer));
        }
        const pieces = chat.stream(started.request)[Symbol.asyncIterator]();
        let first: IteratorResult<string>;
        try {
          first = await pieces.next();
        } catch (error) {
          if (error instanceof ProviderError)
            request.log.warn({ failure: error.failure, detail: error.detail }, 'model provider failed');
          throw error;
        }
        await streamReply(request, reply, pieces, first, started.finish, request.log as AppDeps['logger']);
      },
    );

    getOwn(app, deps.auth, '/api/chat/history/', chat.history, {
      tags: ['vela'],
      summary: 'The conversation so far, the mode Vela runs in, and the pilgrim’s helpline country',
      response: { 200: historyResponse },
    });

    app.get(
      '/api/chat/history/export/',
      signedIn(deps.auth, {
        tags: ['vela'],
        summary:
          'The whole conversation as a file to keep: Markdown to read (the default) or JSON with format=json',
        querystring: chatExportQuery,
        produces: ['text/markdown', 'application/json'],
        response: { 200: fileResponse('text/markdown', 'The conversation, or its JSON with format=json') },
      }),
      async (request, reply) => {
        const transcript = await chatTranscript(deps.db, userIdOf(request));
        const day = transcript.exported_at.slice(0, 10);
        const asJson = request.query.format === 'json';
        reply.header(
          'content-disposition',
          `attachment; filename="vela-conversation-${day}.${asJson ? 'json' : 'md'}"`,
        );
        reply.header('cache-control', 'no-store');
        reply.type(asJson ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8');
        return reply.send(asJson ? JSON.stringify(transcript, null, 2) : chatMarkdown(transcript));
      },
    );

    app.delete(
      '/api/chat/history/',
      signedIn(deps.auth, {
        tags: ['vela'],
        summary: 'Clear the conversation and start afresh',
        response: { 200: z.object({ deleted: z.number().int() }) },
      }),
      async (request) => ({ deleted: await chat.clear(userIdOf(request)) }),
    );

    getFixed(app, '/api/chat/config/', chat.config(), {
      tags: ['vela'],
      summary: 'The mode Vela runs in and the teacher named by the fourth worldview',
      response: { 200: chatConfigResponse },
    });

    getFixed(app, '/api/chat/helplines/', chat.helplines(), {
      tags: ['vela'],
      summary: 'Crisis and abuse helplines by country, with the international directory',
      response: { 200: helplinesResponse },
    });

    app.post(
      '/api/reminder/schedule/',
      {
        ...signedIn(deps.auth, {
          tags: ['vela'],
          summary:
            'Plan the Soul Story prompts and reflection nudges at 9:00 local time, replacing any earlier plan',
          body: reminderScheduleRequest,
          response: { 200: reminderScheduleResponse, 400: errorBody, 429: errorBody },
        }),
        config: { rateLimits: ['reminder:user'] },
      },
      async (request) => scheduleReminders(deps, userIdOf(request), request.body),
    );
  };

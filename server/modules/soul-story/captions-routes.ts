import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import { captionsBody, captionsResponse, MAX_CAPTIONS_BYTES } from '#contract/soul-story.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedInBeforeBody, userIdOf } from '#server/http/auth-guard.ts';
import type { CaptionsService } from './captions.ts';

const params = z.object({ id: z.string().max(100) });

/**
 * The JSON body may spell each byte of the captions as an escape (`\u00e9`, six bytes): more than that is
 * refused before it is read, with a 413; within it, the captions' own size is checked (a 400).
 */
const CAPTIONS_BODY_LIMIT = 6 * MAX_CAPTIONS_BYTES + 1024;

/** A take's captions (WebVTT): read, and written by the pilgrim. */
export const captionsRoutes =
  (deps: AppDeps, captions: CaptionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['soul stories'];

    app.get(
      '/api/soulstory/:id/captions/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'A take’s captions (WebVTT), with their language and who wrote them; 404 when it has none',
        params,
        response: { 200: captionsResponse, 404: errorBody },
      }),
      async (request) => captions.read(userIdOf(request), request.params.id),
    );

    app.put(
      '/api/soulstory/:id/captions/',
      {
        bodyLimit: CAPTIONS_BODY_LIMIT,
        ...signedInBeforeBody(deps.auth, {
          tags,
          summary:
            'Save the pilgrim’s captions for a take: a valid WebVTT file of at most 64 KB whose cues end by the take’s end',
          params,
          body: captionsBody,
          response: { 200: captionsResponse, 400: errorBody, 404: errorBody, 409: errorBody, 413: errorBody },
        }),
      },
      async (request) => captions.write(userIdOf(request), request.params.id, request.body),
    );
  };

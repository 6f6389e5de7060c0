import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import {
  CAPTIONED_KEEPSAKE_FILE_NAME,
  captionedRequestResponse,
  completedPromptsResponse,
  concatenatedResponse,
  eventsQuery,
  eventsTokenResponse,
  KEEPSAKE_FILE_NAME,
  MAX_PHOTO_BYTES,
  MAX_VIDEO_BYTES,
  soulStoryMessages as messages,
  reorderBody,
  sharedKeepsake,
  shareResponse,
  shareTokenParam,
  soulStoryItem,
  soulStoryList,
  soulStoryOk,
  uploadFields,
} from '#contract/soul-story.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedInBeforeBody, signInOf, userIdOf } from '#server/http/auth-guard.ts';
import { Invalid, Unauthorized } from '#server/http/errors.ts';
import { openEventStream } from '#server/http/event-stream.ts';
import { type ReceivedForm, receiveForm } from '#server/http/multipart.ts';
import { fileResponse } from '#server/http/openapi.ts';
import { sendStoredFile } from '#server/media/send-stored-file.ts';
import { SEGMENT } from './render.ts';
import type { SoulStoryService } from './service.ts';

/** What a received form says to save: its file and its checked title and type. */
const uploadOf = (form: ReceivedForm) => {
  if (!form.file) throw new Invalid(messages.mediaRequired, 'media');
  const parsed = uploadFields.safeParse({ title: form.fields.title ?? '', type: form.fields.type });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Invalid(issue.message, String(issue.path[0] ?? 'type'));
  }
  return { ...parsed.data, file: form.file };
};

const SHARE_PAGE = /^\/s\/([A-Za-z0-9_-]+)$/;
const CAPTIONS_TYPE = 'text/vtt; charset=utf-8';

/** A shared file is looked up on every request: browsers may keep it, but must ask again before reuse. */
const sharedFiles = [
  {
    path: '/s/:token/keepsake.mp4',
    file: 'video',
    fileName: KEEPSAKE_FILE_NAME,
    summary: 'video',
    operationId: 'getSharedKeepsakeVideo',
    contentType: 'video/mp4',
  },
  {
    path: '/s/:token/poster.jpg',
    file: 'poster',
    fileName: KEEPSAKE_FILE_NAME.replace(/\.mp4$/, '.jpg'),
    summary: 'poster',
    operationId: 'getSharedKeepsakePoster',
    contentType: 'image/jpeg',
  },
  {
    path: '/s/:token/keepsake-captioned.mp4',
    file: 'captioned',
    fileName: CAPTIONED_KEEPSAKE_FILE_NAME,
    summary: 'video with its captions drawn on the picture',
    operationId: 'getSharedCaptionedKeepsakeVideo',
    contentType: 'video/mp4',
  },
] as const;

export const soulStoryRoutes =
  (deps: AppDeps, service: SoulStoryService): FastifyPluginAsyncZod =>
  async (app) => {
    // Before the body is read: an anonymous client never gets to stream an upload.
    const tags = ['soul stories'];

    deps.pageMeta.register(SHARE_PAGE, async (match) => {
      const shared = await service.findShared(match[1]!);
      if (!shared) return null;
      return {
        title: shared.title,
        description: `A keepsake of ${shared.owner_name}’s pilgrimage, in their own words and pictures.`,
        image: shared.poster_url,
        video: { url: shared.video_url, width: SEGMENT.width, height: SEGMENT.height },
        type: 'video.other',
      };
    });

    app.get(
      '/api/soulstories/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'The user’s memories in their chosen order',
        response: { 200: soulStoryList },
      }),
      async (request) => service.list(userIdOf(request)),
    );

    app.get(
      '/api/soulstory/completed-prompts/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'The prompts with a recorded reflection',
        response: { 200: completedPromptsResponse },
      }),
      async (request) => service.completedPrompts(userIdOf(request)),
    );

    app.post(
      '/api/soulstory/upload/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'Save a reflection (video) or a photo: multipart with media, title and type, in any order',
        consumes: ['multipart/form-data'],
        response: {
          201: soulStoryItem,
          400: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
        },
      }),
      async (request, reply) => {
        // The parts may come in any order: the file waits on disk until the fields that judge it are read.
        const form = await receiveForm(request, {
          fileField: 'media',
          maxBytes: Math.max(MAX_VIDEO_BYTES, MAX_PHOTO_BYTES),
          tooLargeMessage: messages.videoTooLarge,
          incompleteMessage: messages.uploadIncomplete,
          temporaryDir: deps.config.temporaryDir,
          uploadBytes: deps.metrics.uploadBytes,
        });
        try {
          return reply.status(201).send(await service.upload(userIdOf(request), uploadOf(form)));
        } finally {
          await form.discard();
        }
      },
    );

    app.post(
      '/api/soulstories/reorder/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'Put the memories in a new order: every id exactly once',
        body: reorderBody,
        response: { 200: soulStoryOk, 400: errorBody, 404: errorBody },
      }),
      async (request) => service.reorder(userIdOf(request), request.body.story_ids),
    );

    app.delete(
      '/api/soulstory/:id/delete/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'Delete a memory and its files',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: soulStoryOk, 404: errorBody },
      }),
      async (request) => service.remove(userIdOf(request), request.params.id),
    );

    app.get(
      '/api/soulstory/concatenated/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'The keepsake video: its status, progress and URLs',
        response: { 200: concatenatedResponse },
      }),
      async (request) => service.keepsakeState(userIdOf(request)),
    );

    app.post(
      '/api/soulstory/concatenated/captioned/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary:
          'Ask for the keepsake with its captions drawn on the picture; every later keepsake with captions is drawn too',
        response: { 202: captionedRequestResponse, 409: errorBody },
      }),
      async (request, reply) => reply.status(202).send(await service.requestCaptioned(userIdOf(request))),
    );

    app.post(
      '/api/soulstory/events/token/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'A token for the events stream’s ?token=, valid for a minute',
        response: { 200: eventsTokenResponse },
      }),
      async (request) => service.eventsToken(signInOf(request)),
    );

    app.get(
      '/api/soulstory/events/',
      {
        // A browser's EventSource cannot send the header, so a token from POST …/events/token/ may stand in.
        onRequest: deps.auth.optional,
        schema: {
          tags,
          security: [{ bearer: [] }, {}],
          summary:
            'Server-sent events: `keepsake` (the /concatenated/ shape) on connect and on every change, `segment` ({ id }) when a memory is rendered',
          querystring: eventsQuery,
          produces: ['text/event-stream'],
          response: { 200: z.string().describe('text/event-stream'), 401: errorBody },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const signIn = request.userId ? signInOf(request) : token ? service.eventsTokenSignIn(token) : null;
        if (!signIn) throw new Unauthorized();
        // Keepsake events carry signed media URLs: the stream ends when its sign-in does.
        const stream = await openEventStream(reply, deps, signIn);
        try {
          const stop = await service.followKeepsake(signIn.userId, stream.send);
          stream.onClose(stop);
        } catch (error) {
          // The client reconnects, or polls meanwhile.
          request.log.error({ err: error }, 'could not follow the keepsake');
          stream.end();
        }
      },
    );

    app.post(
      '/api/soulstory/share/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'Create (or return) the public link to the keepsake',
        response: { 200: shareResponse, 409: errorBody },
      }),
      async (request) => service.share(userIdOf(request)),
    );

    app.delete(
      '/api/soulstory/share/',
      signedInBeforeBody(deps.auth, {
        tags,
        summary: 'Stop sharing: the public link stops working',
        response: { 200: soulStoryOk },
      }),
      async (request) => service.stopSharing(userIdOf(request)),
    );

    app.get(
      '/api/soulstory/shared/:token/',
      {
        schema: {
          tags,
          summary: 'A shared keepsake, for its public page',
          params: shareTokenParam,
          response: { 200: sharedKeepsake, 404: errorBody },
        },
      },
      async (request) => service.shared(request.params.token),
    );

    for (const shared of sharedFiles)
      app.get(
        shared.path,
        {
          schema: {
            tags,
            operationId: shared.operationId,
            summary: `A shared keepsake’s ${shared.summary}, with Range; 404 once the share is revoked or replaced`,
            params: shareTokenParam,
            response: {
              200: fileResponse(shared.contentType, `The whole ${shared.summary}`),
              206: fileResponse(shared.contentType, `The part of the ${shared.summary} the Range asked for`),
              404: errorBody,
            },
          },
        },
        async (request, reply) =>
          sendStoredFile(
            request,
            reply,
            deps.storage,
            await service.sharedMediaKey(request.params.token, shared.file),
            {
              cacheControl: 'private, no-cache',
              fileName: shared.fileName,
              missingMessage: messages.shareNotFound,
            },
          ),
      );

    // Answered here rather than redirected to a bucket: a <track> loads from its page's origin only,
    // unless the video asks for CORS too (and the bucket answers it). A keepsake's captions are small.
    app.get(
      '/s/:token/captions.vtt',
      {
        schema: {
          tags,
          operationId: 'getSharedKeepsakeCaptions',
          summary:
            'A shared keepsake’s WebVTT captions; 404 once the share is revoked or replaced, or without captions',
          params: shareTokenParam,
          response: { 200: fileResponse(CAPTIONS_TYPE, 'The captions'), 404: errorBody },
        },
      },
      async (request, reply) =>
        reply
          .type(CAPTIONS_TYPE)
          .header('cache-control', 'private, no-cache')
          .send(await service.sharedCaptions(request.params.token)),
    );
  };

import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import { UPLOAD_ITEM_ID_HEADER, UPLOADS_PATH } from '#contract/uploads.ts';
import type { AppDeps } from '#server/deps.ts';
import { signedInBeforeBody, userIdOf } from '#server/http/auth-guard.ts';
import type { UploadRequestContext, UploadsService } from './service.ts';

const TUS_VERSION = '1.0.0';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The Fastify request as the web Request tus reads; its body is the unread socket stream. */
const webRequestOf = (request: FastifyRequest) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody =
    request.method === 'PATCH' || (request.method === 'POST' && header(request, 'content-type'));
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  });
};

/**
 * tus's answer, sent through Fastify: its headers as they are, an error's text as `{ error }`. Its CORS
 * headers are left out (it would allow any origin): the app's CORS policy has already answered those.
 * A 5xx never gets here: the service throws it to the app's error handler.
 */
const sendTusResponse = async (reply: FastifyReply, response: Response) => {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'content-length' && name !== 'content-type' && !name.startsWith('access-control-'))
      reply.header(name, value);
  }
  reply.header('cache-control', 'no-store');
  if (response.status >= 400)
    return reply.send({ error: (await response.text()).trim(), requestId: reply.request.id });
  // tus's successes carry no body, only headers.
  return reply.send();
};

/** An upload answered from its row: a finished one's bytes are in the memory it became. */
const sendRecorded = (
  reply: FastifyReply,
  status: 200 | 201 | 204,
  upload: { offset: number; length?: number; itemId?: string | null; location?: string },
) =>
  reply
    .code(status)
    .headers({
      'tus-resumable': TUS_VERSION,
      'upload-offset': String(upload.offset),
      ...(upload.length === undefined ? {} : { 'upload-length': String(upload.length) }),
      ...(upload.itemId ? { [UPLOAD_ITEM_ID_HEADER.toLowerCase()]: upload.itemId } : {}),
      ...(upload.location ? { location: upload.location } : {}),
      'cache-control': 'no-store',
    })
    .send();
/** A finished upload's answer, from its row. */
const finishedAnswer = (upload: { bytes: number | null; itemId: string | null }) => ({
  offset: upload.bytes ?? 0,
  length: upload.bytes ?? 0,
  itemId: upload.itemId,
});

/** An answer without a body, told in its headers (for the OpenAPI document). */
const noBody = (description: string, headers: Record<string, string>) =>
  z.null().meta({
    description,
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, meaning]) => [name, { type: 'string', description: meaning }]),
    ),
  });
const offsetHeader = { 'Upload-Offset': 'How many bytes the server holds' };
const itemHeader = {
  [UPLOAD_ITEM_ID_HEADER]: 'Once the upload is finished: the id of the memory it became',
};

export const uploadsRoutes =
  (deps: AppDeps, service: UploadsService): FastifyPluginAsyncZod =>
  async (app) => {
    // A PATCH's body is the file's next bytes: tus reads it from the socket, so Fastify must not.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    // A take rendering as it arrives ends with the server: its ffmpeg waits for bytes no one will send.
    app.addHook('onClose', async () => service.liveSegments.close());
    const tags = ['resumable uploads'];
    const params = z.object({ id: z.string().max(100) });
    const collectionUrl = `${UPLOADS_PATH}/`;
    const uploadUrl = `${UPLOADS_PATH}/:id`;

    // tus 1.0's discovery: no token needed. A preflight from an allowed origin gets the app's CORS
    // answer and, carrying on here, tus's; a plain OPTIONS from one is not a malformed preflight.
    for (const url of [collectionUrl, uploadUrl])
      app.options(
        url,
        {
          config: { cors: { preflightContinue: true, strictPreflight: false } },
          schema: {
            tags,
            operationId: url.endsWith(':id') ? 'describeUploadServerAtUpload' : 'describeUploadServer',
            summary: 'tus 1.0: the server’s version, extensions and largest upload',
            ...(url.endsWith(':id') ? { params } : {}),
            response: {
              204: noBody('What this server speaks', {
                'Tus-Version': 'The tus versions it speaks',
                'Tus-Extension': 'The tus extensions it supports',
                'Tus-Max-Size': 'The largest upload, in bytes (a take; a photo may be smaller)',
              }),
            },
          },
        },
        async (request, reply) => sendTusResponse(reply, await service.describe(webRequestOf(request))),
      );

    app.post(
      collectionUrl,
      signedInBeforeBody(deps.auth, {
        tags,
        operationId: 'createUpload',
        summary:
          'tus 1.0 creation: Upload-Length (or Upload-Defer-Length: 1) and Upload-Metadata with type, title and optionally idempotency_key; the body may carry the first bytes (creation-with-upload). Answers 201 with Location; sent again with the same idempotency_key, the first creation’s upload',
        response: {
          201: noBody('Created', {
            Location: 'The upload’s URL, for HEAD, PATCH and DELETE',
            ...offsetHeader,
            ...itemHeader,
          }),
          400: errorBody,
          409: errorBody,
          413: errorBody,
          423: errorBody,
          429: errorBody,
        },
      }),
      async (request, reply) => {
        const userId = userIdOf(request);
        const admitted = await service.admitNew(userId, {
          metadata: header(request, 'upload-metadata'),
          length: header(request, 'upload-length'),
        });
        if ('earlier' in admitted) {
          const { id, ...earlier } = admitted.earlier;
          return sendRecorded(reply, 201, { ...earlier, location: `${UPLOADS_PATH}/${id}` });
        }
        const { creating } = admitted;
        return sendTusResponse(reply, await service.handle(webRequestOf(request), { userId, creating }));
      },
    );

    /** The upload named in the path, the caller's own or 404. */
    const owned = async (
      request: FastifyRequest<{ Params: { id: string } }>,
    ): Promise<UploadRequestContext> => {
      const userId = userIdOf(request);
      return { userId, upload: await service.findOwned(userId, request.params.id) };
    };

    app.route({
      method: 'HEAD',
      url: uploadUrl,
      ...signedInBeforeBody(deps.auth, {
        tags,
        operationId: 'getUploadOffset',
        summary:
          'tus 1.0: how many bytes the server holds (Upload-Offset); once finished, Upload-Item-Id names the memory',
        params,
        response: {
          200: noBody('Where the upload stands', {
            ...offsetHeader,
            'Upload-Length': 'The whole size, once known',
            ...itemHeader,
          }),
          404: errorBody,
          423: errorBody,
        },
      }),
      handler: async (request, reply) => {
        const context = await owned(request);
        const { upload } = context;
        if (upload?.itemId) return sendRecorded(reply, 200, finishedAnswer(upload));
        return sendTusResponse(reply, await service.handle(webRequestOf(request), context));
      },
    });

    app.patch(
      uploadUrl,
      signedInBeforeBody(deps.auth, {
        tags,
        operationId: 'appendToUpload',
        summary:
          'tus 1.0: the next bytes at Upload-Offset (Content-Type application/offset+octet-stream); the last one saves the memory and answers Upload-Item-Id',
        params,
        response: {
          204: noBody('Received', { ...offsetHeader, ...itemHeader }),
          400: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          413: errorBody,
          415: errorBody,
          423: errorBody,
        },
      }),
      async (request, reply) => {
        const context = await owned(request);
        const { upload } = context;
        // A retried final PATCH gets the first one's answer, and no second memory.
        if (upload?.itemId) return sendRecorded(reply, 204, finishedAnswer(upload));
        service.checkGrowth(upload!, {
          offset: header(request, 'upload-offset'),
          length: header(request, 'upload-length'),
          contentLength: header(request, 'content-length'),
        });
        return sendTusResponse(reply, await service.handle(webRequestOf(request), context));
      },
    );

    app.delete(
      uploadUrl,
      signedInBeforeBody(deps.auth, {
        tags,
        operationId: 'terminateUpload',
        summary: 'tus 1.0 termination: the server deletes what it received',
        params,
        response: {
          204: noBody('Terminated: what was received is deleted', {}),
          404: errorBody,
          423: errorBody,
        },
      }),
      async (request, reply) => {
        const context = await owned(request);
        if (context.upload?.itemId) {
          await service.dropRecord(context.upload);
          return sendTusResponse(
            reply,
            new Response(null, { status: 204, headers: { 'tus-resumable': TUS_VERSION } }),
          );
        }
        const response = await service.handle(webRequestOf(request), context);
        if (response.status === 204) await service.dropRecord(context.upload!);
        return sendTusResponse(reply, response);
      },
    );
  };

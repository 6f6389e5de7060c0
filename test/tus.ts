import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** `Upload-Metadata` as tus writes it: `key base64` pairs, comma-separated. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Raw tus 1.0 requests over real HTTP to an app listening on 127.0.0.1. */
export const tusClient = async (app: FastifyInstance) => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = async (method: string, url: string, headers: Record<string, string>, body?: Buffer) => {
    const response = await fetch(new URL(url, base), {
      method,
      headers: method === 'OPTIONS' ? headers : { 'tus-resumable': '1.0.0', ...headers },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      error:
        text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text).error : undefined,
      text,
    };
  };
  return {
    base,
    create: (auth: Record<string, string>, fields: Record<string, string>, length?: number) =>
      call('POST', '/api/uploads/', {
        ...auth,
        'upload-metadata': tusMetadata(fields),
        ...(length === undefined ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
      }),
    /** creation-with-upload: the whole file in the creating POST. */
    createWith: (auth: Record<string, string>, fields: Record<string, string>, file: Buffer) =>
      call(
        'POST',
        '/api/uploads/',
        {
          ...auth,
          'upload-metadata': tusMetadata(fields),
          'upload-length': String(file.length),
          'content-type': 'application/offset+octet-stream',
        },
        file,
      ),
    patch: (
      auth: Record<string, string>,
      location: string,
      offset: number,
      chunk: Buffer,
      extra: Record<string, string> = {},
    ) =>
      call(
        'PATCH',
        location,
        {
          ...auth,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          ...extra,
        },
        chunk,
      ),
    head: (auth: Record<string, string>, location: string) => call('HEAD', location, auth),
    terminate: (auth: Record<string, string>, location: string) => call('DELETE', location, auth),
    /** Without Tus-Resumable, which tus 1.0 does not ask of OPTIONS. */
    options: (url: string, headers: Record<string, string> = {}) => call('OPTIONS', url, headers),
  };
};
export type TusClient = Awaited<ReturnType<typeof tusClient>>;

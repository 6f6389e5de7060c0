import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import type { PubSub } from '../db/pubsub.ts';
import { whenSessionEnds } from '../identity/session-ends.ts';
import type { TokenSubject } from './access-tokens.ts';
import { Unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event streams open now: a stream never ends by itself, so a shutdown ends them. */
    eventStreams: Set<EventStream>;
  }
}

const HEARTBEAT_MS = 20_000;
// How long a browser's EventSource waits before it reconnects after the stream ended.
const RECONNECT_MS = 3000;

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Called once, when the client went away or the stream was ended (at once if it already was). */
  onClose(listener: () => void): void;
  end(): void;
}

/** Ends every open event stream, as a shutdown begins. */
export const endEventStreams = (app: FastifyInstance) => {
  for (const stream of [...app.eventStreams]) stream.end();
};

/** Keeps the open streams, so that a graceful close, and app.close, can end them. */
export const registerEventStreams = (app: FastifyInstance) => {
  app.decorate('eventStreams', new Set<EventStream>());
  app.addHook('preClose', async () => endEventStreams(app));
};

/** One server-sent event as it goes on the wire. */
export const eventFrame = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Takes the reply out of Fastify's hands (so nothing compresses or buffers it) and writes the head of a
 * server-sent event stream; each stream says how long a cache may keep it.
 */
export const writeEventStreamHead = (reply: FastifyReply, cacheControl: string) => {
  reply.hijack();
  // A hijacked reply sends only what is written here, so headers set by hooks before the handler (CORS,
  // security headers) come along.
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': cacheControl,
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
};

/**
 * A long-lived event stream on a reply: its head now, a comment every 20 s so proxies keep the
 * connection, and one end, whether the client leaves or the server ends it.
 */
const startEventStream = (reply: FastifyReply): EventStream => {
  writeEventStreamHead(reply, 'no-store');
  // Nothing is written once the stream ended or the client left: a late render's news is dropped.
  const write = (text: string) => {
    if (!reply.raw.writableEnded && !reply.raw.destroyed) reply.raw.write(text);
  };
  write(`retry: ${RECONNECT_MS}\n\n`);
  const closeListeners: (() => void)[] = [];
  let closed = false;
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  const streams = reply.server.eventStreams;
  const stream: EventStream = {
    send: (event, data) => write(eventFrame(event, data)),
    onClose: (listener) => {
      if (closed) listener();
      else closeListeners.push(listener);
    },
    end: () => reply.raw.end(),
  };
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    streams.delete(stream);
    for (const listener of closeListeners) listener();
  };
  streams.add(stream);
  reply.raw.once('close', finish);
  // A client gone before the stream opened has had its 'close' already.
  if (reply.raw.destroyed) finish();
  return stream;
};

/**
 * An event stream that belongs to a sign-in and ends with it (logout, a reused refresh token, a password
 * reset, the account deleted), whichever process ends it: what a stream sends, such as signed media
 * URLs, stops reaching a session that is over. A sign-in found ended before the head is written is
 * answered 401, as a bad token is, and a browser's EventSource stops asking rather than reconnecting.
 */
export const openEventStream = async (
  reply: FastifyReply,
  deps: { pubsub: PubSub; db: Db },
  subject: TokenSubject,
): Promise<EventStream> => {
  let stream: EventStream | undefined;
  let endedEarly = false;
  const stopListening = await whenSessionEnds(deps, subject, () => {
    if (stream) stream.end();
    else endedEarly = true;
  });
  if (endedEarly) {
    await stopListening();
    throw new Unauthorized();
  }
  stream = startEventStream(reply);
  stream.onClose(() => void stopListening());
  return stream;
};

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/**
 * A local HTTP server for tests and the benchmark, speaking the real wire formats of an
 * OpenAI-compatible Chat Completions server and a Hugging Face text-generation endpoint.
 */
export const startFakeModelServer = async (initial?: Handler) => {
  const requests: RecordedRequest[] = [];
  let handler: Handler | undefined = initial;
  const server = createServer(async (incoming, response) => {
    let raw = '';
    for await (const chunk of incoming) raw += chunk;
    const recorded = {
      path: incoming.url ?? '/',
      headers: incoming.headers,
      body: raw ? JSON.parse(raw) : {},
    };
    requests.push(recorded);
    if (!handler) {
      response.writeHead(500).end();
      return;
    }
    await handler(recorded, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (next: Handler) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type FakeModelServer = Awaited<ReturnType<typeof startFakeModelServer>>;

const chunk = (content: string, index: number) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion.chunk',
  created: 1_800_000_000,
  model: 'fake-model',
  choices: [
    { index: 0, delta: index === 0 ? { role: 'assistant', content } : { content }, finish_reason: null },
  ],
});

/** A streamed Chat Completions answer: one `data:` event per piece, a final finish_reason, then [DONE]. */
export const openAiStream =
  (pieces: string[], pauseMs = 0): Handler =>
  async (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const [index, piece] of pieces.entries()) {
      response.write(`data: ${JSON.stringify(chunk(piece, index))}\n\n`);
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    response.write(
      `data: ${JSON.stringify({ ...chunk('', 1), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    );
    response.end('data: [DONE]\n\n');
  };

export const json =
  (status: number, body: unknown): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

/** Never answers, as a stuck model would. */
export const silent: Handler = () => undefined;

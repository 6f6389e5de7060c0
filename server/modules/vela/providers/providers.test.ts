import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatParametersSchema } from '#contract/vela.ts';
import {
  type FakeModelServer,
  json,
  openAiStream,
  silent,
  startFakeModelServer,
} from '#test/fake-model-server.ts';
import { createHuggingFaceProvider } from './huggingface.ts';
import { collect } from './index.ts';
import { createOpenAiProvider } from './openai.ts';
import type { GenerationRequest, ProviderFailure } from './provider.ts';
import { ProviderError } from './provider.ts';

const request = (overrides: Partial<GenerationRequest> = {}): GenerationRequest => ({
  vibe: 'Agnostic',
  system: 'You are Vela.',
  history: [
    { role: 'user', content: 'I walked the Camino Francés.' },
    { role: 'assistant', content: 'What stays with you?' },
  ],
  message: 'The people I met.',
  parameters: chatParametersSchema.parse({}),
  ...overrides,
});

const failureOf = async (pieces: AsyncIterable<string>): Promise<ProviderFailure | 'none'> => {
  try {
    await collect(pieces);
    return 'none';
  } catch (error) {
    if (error instanceof ProviderError) return error.failure;
    throw error;
  }
};

describe('OpenAI-compatible provider against a local Chat Completions server', () => {
  let server: FakeModelServer;
  const provider = () =>
    createOpenAiProvider({
      baseUrl: `${server.url}/v1`,
      model: 'fake-model',
      apiKey: 'sk-test',
      timeoutMs: 400,
    });

  beforeAll(async () => {
    server = await startFakeModelServer();
  });
  afterAll(() => server.close());

  it('streams the pieces of a completion in order', async () => {
    server.respondWith(openAiStream(['Who ', 'did you ', 'meet?']));
    const pieces: string[] = [];
    for await (const piece of provider().stream(request())) pieces.push(piece);
    expect(pieces).toEqual(['Who ', 'did you ', 'meet?']);
    const sent = server.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      max_tokens: 70,
      temperature: 0,
      top_p: 0.9,
      messages: [
        { role: 'system', content: 'You are Vela.' },
        { role: 'user', content: 'I walked the Camino Francés.' },
        { role: 'assistant', content: 'What stays with you?' },
        { role: 'user', content: 'The people I met.' },
      ],
    });
  });

  it('sends the sampling temperature when sampling is asked for', async () => {
    server.respondWith(openAiStream(['Yes.']));
    const parameters = chatParametersSchema.parse({ temperature: 0.7, do_sample: true });
    await collect(provider().stream(request({ parameters })));
    expect(server.requests.at(-1)!.body).toMatchObject({ temperature: 0.7 });
    const greedy = chatParametersSchema.parse({ temperature: 0.7, do_sample: false });
    await collect(provider().stream(request({ parameters: greedy })));
    expect(server.requests.at(-1)!.body).toMatchObject({ temperature: 0 });
  });

  it('reads a server that answers with one JSON completion instead of a stream', async () => {
    server.respondWith(
      json(200, { choices: [{ index: 0, message: { role: 'assistant', content: 'Buen Camino.' } }] }),
    );
    expect(await collect(provider().stream(request()))).toBe('Buen Camino.');
  });

  it('maps 401, 502, 503 and 429 to their failures', async () => {
    const cases: [number, ProviderFailure][] = [
      [401, 'unauthorized'],
      [502, 'overloaded'],
      [503, 'overloaded'],
      [429, 'overloaded'],
      [500, 'error'],
      [400, 'error'],
    ];
    for (const [status, failure] of cases) {
      server.respondWith(json(status, { error: { message: `status ${status}`, type: 'test' } }));
      expect(await failureOf(provider().stream(request()))).toBe(failure);
    }
  });

  it('maps an error event inside the stream and a malformed event', async () => {
    server.respondWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`data: ${JSON.stringify({ error: { message: 'context too long' } })}\n\n`);
    });
    expect(await failureOf(provider().stream(request()))).toBe('error');
    server.respondWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('data: {not json\n\n');
    });
    expect(await failureOf(provider().stream(request()))).toBe('bad-shape');
    server.respondWith(json(200, { answer: 'no choices here' }));
    expect(await failureOf(provider().stream(request()))).toBe('bad-shape');
  });

  it('times out when the server says nothing, and when a stream stalls', async () => {
    server.respondWith(silent);
    const started = Date.now();
    expect(await failureOf(provider().stream(request()))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    server.respondWith(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Hello' } }] })}\n\n`);
    });
    expect(await failureOf(provider().stream(request()))).toBe('timeout');
  });

  it('reads events cut across chunks, multi-line data and keep-alive comments, and stops at [DONE]', async () => {
    const delta = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] });
    server.respondWith(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const parts = [
        ': keep-alive\n\n',
        `data: ${delta('Buen ').slice(0, 20)}`,
        `${delta('Buen ').slice(20)}\r\n`,
        '\r\n',
        'data: {"choices":\ndata: [{"delta":{"content":"Camino"}}]}\n\n',
        ':\n\ndata:\n\n',
        `data: [DONE]\n\ndata: ${delta(' and more')}\n\n`,
      ];
      for (const part of parts) {
        response.write(part);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      response.end();
    });
    const pieces: string[] = [];
    for await (const piece of provider().stream(request())) pieces.push(piece);
    expect(pieces).toEqual(['Buen ', 'Camino']);
  });

  it('reads a last event that the server did not close with a blank line', async () => {
    server.respondWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Ultreia.' } }] })}`);
    });
    expect(await collect(provider().stream(request()))).toBe('Ultreia.');
  });

  it('keeps a slow stream alive while pieces keep coming', async () => {
    server.respondWith(openAiStream(['a ', 'b ', 'c ', 'd.'], 150));
    expect(await collect(provider().stream(request()))).toBe('a b c d.');
  });

  it('reports an unreachable server', async () => {
    const unreachable = createOpenAiProvider({ baseUrl: 'http://127.0.0.1:9', model: 'm', timeoutMs: 2000 });
    expect(await failureOf(unreachable.stream(request()))).toBe('unreachable');
  });
});

describe('Hugging Face provider against a local text-generation endpoint', () => {
  let server: FakeModelServer;
  const provider = () =>
    createHuggingFaceProvider({ url: `${server.url}/models/fake`, apiKey: 'hf_test', timeoutMs: 400 });

  beforeAll(async () => {
    server = await startFakeModelServer();
  });
  afterAll(() => server.close());

  it('sends inputs and parameters, with temperature 0 as greedy decoding', async () => {
    server.respondWith(json(200, [{ generated_text: ' What did they teach you?' }]));
    expect(await collect(provider().stream(request()))).toBe(' What did they teach you?');
    const sent = server.requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer hf_test');
    expect(sent.body.parameters).toEqual({ max_new_tokens: 70, return_full_text: false, do_sample: false });
    expect(sent.body.inputs).toBe(
      'You are Vela.\n\nPilgrim: I walked the Camino Francés.\nVela: What stays with you?\nPilgrim: The people I met.\nVela:',
    );
  });

  it('sends temperature and top_p when sampling', async () => {
    server.respondWith(json(200, { generated_text: 'Tell me more.' }));
    const parameters = chatParametersSchema.parse({ temperature: 0.8, top_p: 1 });
    expect(await collect(provider().stream(request({ parameters })))).toBe('Tell me more.');
    expect(server.requests.at(-1)!.body.parameters).toEqual({
      max_new_tokens: 70,
      return_full_text: false,
      do_sample: true,
      temperature: 0.8,
    });
  });

  it('treats an array with no text as an empty answer', async () => {
    for (const body of [[], [{}], [{ generated_text: '' }]]) {
      server.respondWith(json(200, body));
      expect(await collect(provider().stream(request()))).toBe('');
    }
  });

  it('maps error bodies, 401, 502, 503, timeouts and other shapes', async () => {
    const cases: [number, unknown, ProviderFailure][] = [
      [200, { error: 'Input validation error' }, 'error'],
      [500, { error: 'CUDA out of memory' }, 'error'],
      [401, { error: 'Invalid credentials in Authorization header' }, 'unauthorized'],
      [502, { error: 'Bad gateway' }, 'overloaded'],
      [503, { error: 'Model is currently loading', estimated_time: 20 }, 'overloaded'],
      [200, { text: 'not the shape' }, 'bad-shape'],
      [200, 'just a string', 'bad-shape'],
    ];
    for (const [status, body, failure] of cases) {
      server.respondWith(json(status, body));
      expect(await failureOf(provider().stream(request()))).toBe(failure);
    }
    server.respondWith((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
    });
    expect(await failureOf(provider().stream(request()))).toBe('bad-shape');
    server.respondWith(silent);
    expect(await failureOf(provider().stream(request()))).toBe('timeout');
  });
});

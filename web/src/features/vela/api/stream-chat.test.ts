import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChatRequest, chatErrorReplies, cleanReply } from '#contract/vela.ts';
import { streamChat } from './stream-chat.ts';

const message: ChatRequest = { vibe: 'Agnostic', inputs: 'The people I met.' };

/** An event stream that arrives in exactly these chunks, so a test decides where the cuts fall. */
const eventStream = (...chunks: (string | Uint8Array)[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks)
          controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
  );

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const storage = new Map<string, string>();

beforeEach(() => {
  storage.clear();
  storage.set('token', 'access-1');
  storage.set('refreshToken', 'refresh-1');
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (response: () => Response) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
  const seen: string[] = [];
  return { seen, reply: streamChat(message, { onText: (text) => seen.push(text) }) };
};

describe('the chat stream reader', () => {
  it('reads an event cut across chunks, and stops at the final event', async () => {
    const { seen, reply } = answer(() =>
      eventStream(
        'event: tok',
        'en\ndata: {"text":"Buen ',
        'Camino"}',
        '\n',
        `\n${frame('token', { text: ', peregrina' })}`,
        frame('done', { generated_text: 'Buen Camino, peregrina.' }),
        frame('token', { text: 'after the end' }),
      ),
    );
    expect(await reply).toEqual({ text: 'Buen Camino, peregrina.' });
    expect(seen).toEqual(['Buen Camino', 'Buen Camino, peregrina']);
  });

  it('keeps a character whole when a chunk ends inside it', async () => {
    const bytes = new TextEncoder().encode(frame('done', { generated_text: 'Compostela \u2014 fin' }));
    const cut = bytes.indexOf(0xe2) + 1;
    expect(await answer(() => eventStream(bytes.slice(0, cut), bytes.slice(cut))).reply).toEqual({
      text: 'Compostela \u2014 fin',
    });
  });

  it('joins the lines of a multi-line data field', async () => {
    const { seen, reply } = answer(() =>
      eventStream(
        'event: token\ndata: {"text":\ndata: "Who did you meet?"}\n\n',
        'event: done\ndata: {"generated_text":\ndata: "Who did you meet?"}\n\n',
      ),
    );
    expect(await reply).toEqual({ text: 'Who did you meet?' });
    expect(seen).toEqual(['Who did you meet?']);
  });

  it('ignores comments, keep-alives and events it cannot read', async () => {
    const { seen, reply } = answer(() =>
      eventStream(
        ': keep-alive\n\n',
        frame('token', { text: 'Hello' }),
        ':\n\nevent: token\ndata: {not json\n\n',
        'event: token\r\ndata: {"text":" again"}\r\n\r\n',
        frame('done', { generated_text: 'Hello again', safety: 'selfHarm' }),
      ),
    );
    expect(await reply).toEqual({ text: 'Hello again', safety: 'selfHarm' });
    expect(seen).toEqual(['Hello', 'Hello again']);
  });

  it('answers the spec reply for an error event, a null reply and a stream cut short', async () => {
    expect(await answer(() => eventStream(frame('error', { status: 503, error: 'busy' }))).reply).toEqual({
      text: chatErrorReplies.overloaded,
    });
    expect(await answer(() => eventStream(frame('done', { generated_text: null }))).reply).toEqual({
      text: chatErrorReplies.noText,
    });
    expect(await answer(() => eventStream(frame('token', { text: 'Half a thou' }))).reply).toEqual({
      text: cleanReply('Half a thou'),
    });
    expect(await answer(() => eventStream('')).reply).toEqual({ text: chatErrorReplies.network });
  });

  it('refreshes an expired session once, retries, and never signs the pilgrim out', async () => {
    const fetch = vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/token/refresh/') return Response.json({ access: 'access-2', refresh: 'refresh-2' });
      const token = new Headers(init?.headers).get('authorization');
      if (token === 'Bearer access-1') return Response.json({ error: 'expired' }, { status: 401 });
      return eventStream(frame('done', { generated_text: 'Welcome back.' }));
    });
    vi.stubGlobal('fetch', fetch);
    expect(await streamChat(message, { onText: () => {} })).toEqual({ text: 'Welcome back.' });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual([
      '/api/chat/stream/',
      '/api/token/refresh/',
      '/api/chat/stream/',
    ]);

    fetch.mockImplementation(async () => Response.json({ error: 'expired' }, { status: 401 }));
    storage.set('token', 'access-1');
    expect(await streamChat(message, { onText: () => {} })).toEqual({ text: chatErrorReplies.unauthorized });
    expect(storage.get('token')).toBe('access-1');
  });
});

import { createParser } from 'eventsource-parser';
import {
  asProviderError,
  failureFromResponse,
  type GenerationRequest,
  idleDeadline,
  type ModelProvider,
  ProviderError,
  providerFetch,
} from './provider.ts';

export interface OpenAiOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

const RECENT_TURNS = 12;

/** The Chat Completions body; temperature 0 (or no sampling) is greedy decoding. */
export const chatCompletionsBody = (model: string, request: GenerationRequest) => {
  const { parameters } = request;
  const greedy = !parameters.do_sample || parameters.temperature === 0;
  return {
    model,
    stream: true,
    max_tokens: parameters.max_new_tokens,
    temperature: greedy ? 0 : parameters.temperature,
    top_p: parameters.top_p,
    messages: [
      { role: 'system', content: request.system },
      ...request.history.slice(-RECENT_TURNS),
      { role: 'user', content: request.message },
    ],
  };
};

/**
 * The data of each server-sent event, multi-line data joined; comments and empty events are skipped.
 * A last event the server did not close with a blank line still counts.
 */
async function* ssePayloads(body: ReadableStream<Uint8Array>, onBytes: () => void): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const payloads: string[] = [];
  const parser = createParser({
    onEvent: (event) => {
      if (event.data) payloads.push(event.data);
    },
  });
  for await (const chunk of body) {
    onBytes();
    parser.feed(decoder.decode(chunk, { stream: true }));
    yield* payloads.splice(0);
  }
  parser.feed(`${decoder.decode()}\n\n`);
  yield* payloads.splice(0);
}

interface CompletionChunk {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
  error?: unknown;
}

const parseChunk = (payload: string): CompletionChunk => {
  try {
    const parsed = JSON.parse(payload) as unknown;
    if (parsed && typeof parsed === 'object') return parsed as CompletionChunk;
  } catch {
    // Falls through to the unexpected-format failure below.
  }
  throw new ProviderError('bad-shape', payload.slice(0, 200));
};

const textOf = (chunk: CompletionChunk): string => {
  if (chunk.error) throw new ProviderError('error', JSON.stringify(chunk.error).slice(0, 500));
  if (!Array.isArray(chunk.choices))
    throw new ProviderError('bad-shape', JSON.stringify(chunk).slice(0, 200));
  const choice = chunk.choices[0];
  const content = choice?.delta?.content ?? choice?.message?.content ?? '';
  if (typeof content !== 'string') throw new ProviderError('bad-shape', JSON.stringify(chunk).slice(0, 200));
  return content;
};

/** Any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp, LM Studio), streamed. */
export const createOpenAiProvider = (options: OpenAiOptions): ModelProvider => ({
  mode: 'openai',
  historyTurns: RECENT_TURNS,
  async *stream(request) {
    const deadline = idleDeadline(options.timeoutMs, request.signal);
    try {
      const response = await providerFetch(
        `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify(chatCompletionsBody(options.model, request)),
        },
        deadline,
      );
      deadline.touch();
      if (!response.ok) throw await failureFromResponse(response);
      if (!response.body) throw new ProviderError('bad-shape', 'no body');
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.includes('text/event-stream')) {
        // A server that ignores `stream: true` answers with one JSON completion.
        yield textOf(parseChunk(await response.text()));
        return;
      }
      for await (const payload of ssePayloads(response.body, deadline.touch)) {
        if (payload.trim() === '[DONE]') return;
        const text = textOf(parseChunk(payload));
        if (text) yield text;
      }
    } catch (error) {
      throw asProviderError(error, deadline);
    } finally {
      deadline.done();
    }
  },
});

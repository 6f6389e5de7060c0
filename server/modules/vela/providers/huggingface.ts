import {
  asProviderError,
  failureFromResponse,
  type GenerationRequest,
  idleDeadline,
  type ModelProvider,
  ProviderError,
  providerFetch,
} from './provider.ts';

export interface HuggingFaceOptions {
  url: string;
  apiKey?: string;
  timeoutMs: number;
}

const RECENT_TURNS = 8;

/** One text prompt in the old backend's shape: the voice, the recent turns, then Vela's turn to speak. */
export const promptText = (request: GenerationRequest): string => {
  const turns = request.history
    .slice(-RECENT_TURNS)
    .map((turn) => `${turn.role === 'user' ? 'Pilgrim' : 'Vela'}: ${turn.content}`);
  return [request.system, '', ...turns, `Pilgrim: ${request.message}`, 'Vela:'].join('\n');
};

/**
 * Text-generation backends refuse some of our parameters: temperature 0 becomes greedy decoding
 * (no temperature, no top_p), and top_p is sent only strictly between 0 and 1.
 */
export const textGenerationParameters = (request: GenerationRequest) => {
  const { parameters } = request;
  const greedy = !parameters.do_sample || parameters.temperature === 0;
  return {
    max_new_tokens: parameters.max_new_tokens,
    return_full_text: false,
    do_sample: !greedy,
    ...(greedy ? {} : { temperature: parameters.temperature }),
    ...(!greedy && parameters.top_p > 0 && parameters.top_p < 1 ? { top_p: parameters.top_p } : {}),
  };
};

/** `[{ generated_text }]` or `{ generated_text }`; an array with no text is an empty answer. */
export const generatedTextOf = (body: unknown): string => {
  if (Array.isArray(body)) {
    const first = body[0] as { generated_text?: unknown } | undefined;
    return typeof first?.generated_text === 'string' ? first.generated_text : '';
  }
  if (body && typeof body === 'object') {
    if ('error' in body) throw new ProviderError('error', JSON.stringify(body.error).slice(0, 500));
    if ('generated_text' in body && typeof body.generated_text === 'string') return body.generated_text;
  }
  throw new ProviderError('bad-shape', JSON.stringify(body)?.slice(0, 200));
};

/** A Hugging Face text-generation endpoint (Inference API, Inference Endpoints, TGI). */
export const createHuggingFaceProvider = (options: HuggingFaceOptions): ModelProvider => ({
  mode: 'huggingface',
  historyTurns: RECENT_TURNS,
  async *stream(request) {
    const deadline = idleDeadline(options.timeoutMs, request.signal);
    try {
      const response = await providerFetch(
        options.url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            inputs: promptText(request),
            parameters: textGenerationParameters(request),
          }),
        },
        deadline,
      );
      if (!response.ok) throw await failureFromResponse(response);
      const raw = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw new ProviderError('bad-shape', raw.slice(0, 200));
      }
      const text = generatedTextOf(body);
      if (text) yield text;
    } catch (error) {
      throw asProviderError(error, deadline);
    } finally {
      deadline.done();
    }
  },
});

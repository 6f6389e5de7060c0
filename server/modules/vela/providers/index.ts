import type { Config } from '#server/config.ts';
import { createHuggingFaceProvider } from './huggingface.ts';
import { createOfflineGuide } from './offline-guide.ts';
import { createOpenAiProvider } from './openai.ts';
import type { ModelProvider } from './provider.ts';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const OFFLINE_WORD_PAUSE_MS = 25;

/** The provider configuration chooses; the offline guide when nothing is configured. */
export const createProvider = (config: Config): ModelProvider => {
  const timeoutMs = config.LLM_TIMEOUT_MS;
  const apiKey = config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {};
  if (config.LLM_PROVIDER === 'openai')
    return createOpenAiProvider({
      baseUrl: config.LLM_BASE_URL ?? OPENAI_BASE_URL,
      model: config.LLM_MODEL,
      timeoutMs,
      ...apiKey,
    });
  if (config.LLM_PROVIDER === 'huggingface')
    return createHuggingFaceProvider({
      url: config.LLM_BASE_URL ?? `https://api-inference.huggingface.co/models/${config.LLM_MODEL}`,
      timeoutMs,
      ...apiKey,
    });
  return createOfflineGuide({ teacherName: config.VELA_TEACHER_NAME, wordPauseMs: OFFLINE_WORD_PAUSE_MS });
};

/** Collects a whole answer, for callers that want it in one piece. */
export const collect = async (pieces: AsyncIterable<string>): Promise<string> => {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
};

export type { GenerationRequest, ModelProvider } from './provider.ts';
export { ProviderError } from './provider.ts';

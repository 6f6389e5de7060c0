import type { Metrics } from '#server/http/metrics.ts';
import { type GenerationRequest, type ModelProvider, ProviderError } from './provider.ts';

type ModelMetrics = Pick<Metrics, 'modelSeconds' | 'modelFirstPieceSeconds' | 'modelErrors'>;

/**
 * The provider as configured, timed and its failures counted, whichever provider it is. A pilgrim who
 * leaves mid-answer aborts it: that is `cancelled`, not a failure of the model.
 */
export const measuredProvider = (
  provider: ModelProvider,
  name: string,
  metrics: ModelMetrics,
): ModelProvider => {
  const seconds = (started: number) => (performance.now() - started) / 1000;
  const observe = (started: number, outcome: 'ok' | 'cancelled' | 'error') =>
    metrics.modelSeconds.observe({ provider: name, outcome }, seconds(started));
  const failed = (started: number, error: unknown) => {
    if ((error as Error).name === 'AbortError') return observe(started, 'cancelled');
    observe(started, 'error');
    metrics.modelErrors.inc({
      provider: name,
      failure: error instanceof ProviderError ? error.failure : 'error',
    });
  };

  async function* stream(request: GenerationRequest): AsyncIterable<string> {
    const started = performance.now();
    let first = true;
    // Until the answer ends or fails, a stop is the reader's: the answer was not wanted any more.
    let ended = false;
    try {
      for await (const piece of provider.stream(request)) {
        if (first) metrics.modelFirstPieceSeconds.observe({ provider: name }, seconds(started));
        first = false;
        yield piece;
      }
      ended = true;
      observe(started, 'ok');
    } catch (error) {
      ended = true;
      failed(started, error);
      throw error;
    } finally {
      if (!ended) observe(started, 'cancelled');
    }
  }

  const { complete } = provider;
  return {
    mode: provider.mode,
    historyTurns: provider.historyTurns,
    stream,
    ...(complete && {
      complete: async (request: GenerationRequest) => {
        const started = performance.now();
        try {
          const answer = await complete.call(provider, request);
          observe(started, 'ok');
          return answer;
        } catch (error) {
          failed(started, error);
          throw error;
        }
      },
    }),
  };
};

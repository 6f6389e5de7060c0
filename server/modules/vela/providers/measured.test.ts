import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatParametersSchema } from '#contract/vela.ts';
import { createMetrics } from '#server/http/metrics.ts';
import { type FakeModelServer, json, openAiStream, startFakeModelServer } from '#test/fake-model-server.ts';
import { sampleOf } from '#test/metrics.ts';
import { collect } from './index.ts';
import { measuredProvider } from './measured.ts';
import { createOpenAiProvider } from './openai.ts';
import type { GenerationRequest } from './provider.ts';

const request: GenerationRequest = {
  vibe: 'Agnostic',
  system: 'You are Vela.',
  history: [],
  message: 'The people I met.',
  parameters: chatParametersSchema.parse({}),
};

describe("the model provider's metrics, against a local Chat Completions server", () => {
  let server: FakeModelServer;
  beforeAll(async () => {
    server = await startFakeModelServer();
  });
  afterAll(() => server.close());

  const measured = () => {
    const metrics = createMetrics({ jobCounts: async () => [], processMetrics: false });
    const provider = measuredProvider(
      createOpenAiProvider({ baseUrl: `${server.url}/v1`, model: 'fake-model', timeoutMs: 2000 }),
      'openai',
      metrics,
    );
    return { provider, scrape: () => metrics.registry.metrics() };
  };

  it('times an answer, and how long its first piece took', async () => {
    const { provider, scrape } = measured();
    server.respondWith(openAiStream(['Who ', 'did you ', 'meet?'], 50));
    expect(await collect(provider.stream(request))).toBe('Who did you meet?');
    const text = await scrape();
    const ok = { provider: 'openai', outcome: 'ok' };
    expect(sampleOf(text, 'pilgrim_model_request_duration_seconds_count', ok)).toBe(1);
    const whole = sampleOf(text, 'pilgrim_model_request_duration_seconds_sum', ok)!;
    const first = sampleOf(text, 'pilgrim_model_first_piece_seconds_sum', { provider: 'openai' })!;
    expect(whole).toBeGreaterThanOrEqual(0.1);
    expect(first).toBeLessThan(whole);
  });

  it('counts failures by kind, and an answer its reader left as cancelled, not failed', async () => {
    const { provider, scrape } = measured();
    server.respondWith(json(503, { error: { message: 'busy', type: 'test' } }));
    await expect(collect(provider.stream(request))).rejects.toThrow();
    server.respondWith(openAiStream(['Who ', 'did you ', 'meet?']));
    for await (const piece of provider.stream(request)) if (piece) break;
    const text = await scrape();
    expect(sampleOf(text, 'pilgrim_model_errors_total', { provider: 'openai', failure: 'overloaded' })).toBe(
      1,
    );
    expect(
      sampleOf(text, 'pilgrim_model_request_duration_seconds_count', {
        provider: 'openai',
        outcome: 'error',
      }),
    ).toBe(1);
    expect(
      sampleOf(text, 'pilgrim_model_request_duration_seconds_count', {
        provider: 'openai',
        outcome: 'cancelled',
      }),
    ).toBe(1);
  });
});

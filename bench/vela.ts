import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { vibes } from '#contract/vela.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { users } from '#server/identity/tables.ts';
import { startSession } from '#server/modules/auth/service.ts';
import { pilgrimConversations } from '#server/modules/vela/providers/offline-guide.corpus.ts';
import { offlineReply } from '#server/modules/vela/providers/offline-guide.ts';
import type { ChatTurn } from '#server/modules/vela/providers/provider.ts';
import { createRuntime } from '#server/runtime.ts';
import { openAiStream, startFakeModelServer } from '#test/fake-model-server.ts';
import { type BenchSection, formatMs } from './section.ts';

const ROUNDS = 200;

const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
};

/** A running app on its own data folder, with one signed-in pilgrim. */
const startApp = async (env: Record<string, string>) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pilgrim-soul-bench-vela-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000000', ...env });
  const runtime = await createRuntime({ config, logger: pino({ level: 'warn' }) });
  const app = await buildApp(runtime);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const [user] = await runtime.db
    .insert(users)
    .values({
      email: 'bench.vela@example.com',
      username: 'bench_vela',
      passwordHash: 'unused',
      vibe: 'Agnostic',
      caminoStartDate: '2026-05-01',
      caminoDuration: 30,
      nationality: 'ES',
    })
    .returning();
  const { access: token } = await startSession(runtime, user!.id);
  return {
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    close: async () => {
      await app.close();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

const body = (inputs: string) => JSON.stringify({ vibe: 'Agnostic', inputs });

const section: BenchSection = {
  name: 'Vela',
  run: async () => {
    const model = await startFakeModelServer();
    let providerMs = 0;
    const reply = openAiStream(['What ', 'stays ', 'with ', 'you ', 'from ', 'the ', 'road?']);
    model.respondWith(async (request, response) => {
      const started = performance.now();
      await reply(request, response);
      providerMs = performance.now() - started;
    });
    const remote = await startApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: `${model.url}/v1` });
    const offline = await startApp({});
    try {
      const overhead: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const response = await fetch(`${remote.url}/api/chat/`, {
          method: 'POST',
          headers: remote.headers,
          body: body(`I keep thinking about day ${round} of the walk.`),
        });
        await response.json();
        overhead.push(performance.now() - started - providerMs);
      }

      // The same machine's floor at the same moment: a request that does no work at all.
      const health: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        await (await fetch(`${remote.url}/healthz`)).json();
        health.push(performance.now() - started);
      }

      const firstByte: number[] = [];
      for (let round = 0; round < ROUNDS / 4; round++) {
        const started = performance.now();
        const response = await fetch(`${remote.url}/api/chat/stream/`, {
          method: 'POST',
          headers: remote.headers,
          body: body(`Streaming ${round}`),
        });
        const reader = response.body!.getReader();
        await reader.read();
        firstByte.push(performance.now() - started);
        while (!(await reader.read()).done);
      }

      // Every corpus conversation in every worldview, as pilgrims write: the offline guide's reply alone.
      const guide: number[] = [];
      for (const vibe of vibes) {
        for (const messages of pilgrimConversations) {
          const history: ChatTurn[] = [];
          for (const message of messages) {
            const started = performance.now();
            const answer = offlineReply({ vibe, teacherName: 'Thich Nhat Hanh', message, history });
            guide.push(performance.now() - started);
            history.push({ role: 'user', content: message }, { role: 'assistant', content: answer });
          }
        }
      }

      const offlineRequest: number[] = [];
      for (let round = 0; round < ROUNDS / 2; round++) {
        const started = performance.now();
        const response = await fetch(`${offline.url}/api/chat/`, {
          method: 'POST',
          headers: offline.headers,
          body: body(`The meseta on day ${round} was wide and quiet.`),
        });
        await response.json();
        offlineRequest.push(performance.now() - started);
      }

      return [
        {
          metric: 'POST /api/chat/ overhead without the provider p50',
          value: formatMs(percentile(overhead, 0.5)),
        },
        {
          metric: 'POST /api/chat/ overhead without the provider p95',
          value: formatMs(percentile(overhead, 0.95)),
          goal: '≤ 20 ms',
        },
        { metric: 'GET /healthz p95 at the same moment (floor)', value: formatMs(percentile(health, 0.95)) },
        {
          metric: `Vela offline guide reply p95 (${guide.length} corpus messages)`,
          value: formatMs(percentile(guide, 0.95)),
          goal: '≤ 30 ms',
        },
        {
          metric: 'POST /api/chat/ with the offline guide p95',
          value: formatMs(percentile(offlineRequest, 0.95)),
        },
        {
          metric: 'POST /api/chat/stream/ first byte p50 (local provider)',
          value: formatMs(percentile(firstByte, 0.5)),
        },
        {
          metric: 'POST /api/chat/stream/ first byte p95 (local provider)',
          value: formatMs(percentile(firstByte, 0.95)),
        },
      ];
    } finally {
      await remote.close();
      await offline.close();
      await model.close();
    }
  },
};

export default section;

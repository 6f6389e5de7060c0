import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { waitFor } from '#test/wait-for.ts';
import { defineJob } from './jobs/queue.ts';
import { currentWork, type WorkContext } from './work-context.ts';

describe(`the job context on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  const seen: (WorkContext | undefined)[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    const { queue } = testApp.deps;
    await queue.register([
      defineJob({
        name: 'test-context',
        handle: async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          seen.push(currentWork());
        },
      }),
    ]);
    await queue.startWorkers();
  });

  afterAll(() => testApp.close());

  it('names the job and its id in whatever its handler awaits', async () => {
    const jobId = await testApp.deps.queue.send('test-context', {});
    const [context] = await waitFor(
      () => seen,
      (found) => found.length === 1,
    );
    expect(context).toEqual({ job: 'test-context', jobId });
  });
});

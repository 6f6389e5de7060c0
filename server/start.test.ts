import { describe, expect, it } from 'vitest';
import { createLogger } from './runtime.ts';
import { crashHandler } from './start.ts';
import { runInWorkContext } from './work-context.ts';

/** The process's own logger, writing its lines here; exit and close are the test's to watch. */
const crashingProcess = (close: () => Promise<void> = async () => {}) => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { LOG_LEVEL: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const closes: number[] = [];
  let exited: (code: number) => void = () => {};
  const exit = new Promise<number>((resolve) => {
    exited = resolve;
  });
  const handle = crashHandler({
    logger,
    close: () => {
      closes.push(Date.now());
      return close();
    },
    exit: (code) => exited(code),
    closeTimeoutMs: 50,
  });
  return { handle, lines, closes, exit };
};

describe('an error no handler caught', () => {
  it('is logged as fatal with the request it came from, then the process closes and exits 1', async () => {
    const crash = crashingProcess();
    runInWorkContext({ reqId: 'req-1', method: 'POST', route: '/api/soulstory/:id/render' }, () =>
      crash.handle(new Error('boom'), 'uncaughtException'),
    );
    expect(await crash.exit).toBe(1);
    expect(crash.closes).toHaveLength(1);
    expect(crash.lines[0]).toMatchObject({
      level: 60,
      msg: 'uncaughtException: the process exits',
      origin: 'uncaughtException',
      reqId: 'req-1',
      method: 'POST',
      route: '/api/soulstory/:id/render',
      err: { type: 'Error', message: 'boom' },
    });
  });

  it('names the job a rejection came from, whatever was rejected', async () => {
    const crash = crashingProcess();
    runInWorkContext({ job: 'soul-story-render', jobId: 'job-7' }, () =>
      crash.handle('not an Error', 'unhandledRejection'),
    );
    expect(await crash.exit).toBe(1);
    expect(crash.lines[0]).toMatchObject({
      level: 60,
      origin: 'unhandledRejection',
      job: 'soul-story-render',
      jobId: 'job-7',
      err: 'not an Error',
    });
  });

  it('is logged without a request or job when it came from neither', async () => {
    const crash = crashingProcess();
    crash.handle(new Error('at start'), 'uncaughtException');
    expect(await crash.exit).toBe(1);
    expect(crash.lines[0]).not.toHaveProperty('reqId');
    expect(crash.lines[0]).not.toHaveProperty('job');
  });

  it('exits at the deadline when closing hangs, and a second error does not close twice', async () => {
    const crash = crashingProcess(() => new Promise(() => {}));
    crash.handle(new Error('first'), 'uncaughtException');
    crash.handle(new Error('second'), 'unhandledRejection');
    expect(await crash.exit).toBe(1);
    expect(crash.closes).toHaveLength(1);
    expect(crash.lines.map((line) => line.msg)).toEqual([
      'uncaughtException: the process exits',
      'unhandledRejection: the process exits',
      'closing took over 50 ms: exiting without it',
    ]);
  });

  it('still exits 1 when closing fails', async () => {
    const crash = crashingProcess(() => Promise.reject(new Error('pool gone')));
    crash.handle(new Error('boom'), 'uncaughtException');
    expect(await crash.exit).toBe(1);
    expect(crash.lines[1]).toMatchObject({
      msg: 'closing after a crash failed',
      err: { message: 'pool gone' },
    });
  });
});

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probe, resolveMediaTools, runFfmpeg } from './ffmpeg.ts';

/** A process's name, parent and state from /proc, or null once it is gone. */
const processInfo = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state = '', parent = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name, state, parent: Number(parent) };
  } catch {
    return null;
  }
};

const childNamed = (parent: number, name: string) =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .find((pid) => {
      const info = processInfo(pid);
      return info?.parent === parent && info.name === name;
    });

// A zombie has exited already; it only waits for whoever adopted it to collect its status.
const isRunning = (pid: number) => {
  const info = processInfo(pid);
  return info !== null && info.state !== 'Z';
};

/** A parent that renders a minute of silence in real time through the app's own ffmpeg runner. */
const renderingParent = () =>
  spawn(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      `import { resolveMediaTools, runFfmpeg } from ${JSON.stringify(new URL('./ffmpeg.ts', import.meta.url).href)};
       await runFfmpeg(resolveMediaTools({}), ['-re', '-f', 'lavfi', '-i', 'anullsrc', '-t', '60', '-f', 'null', '-']);`,
    ],
    { stdio: 'ignore' },
  );

let parent: ReturnType<typeof renderingParent> | undefined;
afterEach(() => {
  if (parent?.exitCode === null) parent.kill('SIGKILL');
});

describe.runIf(process.platform === 'linux' && process.env.TEST_DB !== 'postgres')(
  'ffmpeg started by the app',
  () => {
    it('dies with the app process, even when that is killed with SIGKILL', async () => {
      parent = renderingParent();
      const parentPid = parent.pid!;
      let ffmpeg: number | undefined;
      await expect
        .poll(
          () => {
            ffmpeg = childNamed(parentPid, 'ffmpeg');
            return ffmpeg;
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBeDefined();

      parent.kill('SIGKILL');
      await expect.poll(() => isRunning(ffmpeg!), { timeout: 2_000, interval: 50 }).toBe(false);
    });

    it('renders at a background priority, and probes an upload at the app’s own, since a request waits for it', async () => {
      const tools = resolveMediaTools({});
      const ownPriority = getPriority(process.pid);
      const childPriority = async (name: string) => {
        let pid: number | undefined;
        await expect
          .poll(() => (pid = childNamed(process.pid, name)), { timeout: 20_000, interval: 50 })
          .toBeDefined();
        return getPriority(pid!);
      };

      const stop = new AbortController();
      const render = runFfmpeg(
        tools,
        ['-re', '-f', 'lavfi', '-i', 'anullsrc', '-t', '60', '-f', 'null', '-'],
        {
          signal: stop.signal,
        },
      ).catch(() => 'stopped');
      expect(await childPriority('ffmpeg')).toBe(Math.max(ownPriority, 10));
      stop.abort();
      expect(await render).toBe('stopped');

      // A named pipe keeps the probe waiting for its input until the test has looked at it.
      const folder = mkdtempSync(path.join(tmpdir(), 'probe-priority-'));
      try {
        const fifo = path.join(folder, 'upload.webm');
        execFileSync('mkfifo', [fifo]);
        const probing = probe(tools, fifo).catch(() => 'unreadable');
        expect(await childPriority('ffprobe')).toBe(ownPriority);
        writeFileSync(fifo, 'not a video');
        expect(await probing).toBe('unreadable');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  },
);

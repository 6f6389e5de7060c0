import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';

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
  },
);

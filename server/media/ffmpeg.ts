import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The two programs the media pipeline runs. */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from, for the log. */
  source: 'system' | 'configured' | 'registry';
}

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onSearchPath = (name: string, searchPath: string) =>
  searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .map((folder) => path.join(folder, name))
    .find(isExecutable);

const require = createRequire(import.meta.url);

/** The static builds from the registry, so a fresh machine needs no system packages. */
const registryTools = (): MediaTools => ({
  ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
  ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  source: 'registry',
});

/**
 * The system's ffmpeg and ffprobe when both are on the search path (Debian's are newer and faster),
 * else FFMPEG_PATH/FFPROBE_PATH, else the registry's static builds.
 */
export const resolveMediaTools = (
  configured: { FFMPEG_PATH?: string | undefined; FFPROBE_PATH?: string | undefined },
  searchPath = process.env.PATH ?? '',
): MediaTools => {
  const systemFfmpeg = onSearchPath('ffmpeg', searchPath);
  const systemFfprobe = onSearchPath('ffprobe', searchPath);
  if (systemFfmpeg && systemFfprobe)
    return { ffmpeg: systemFfmpeg, ffprobe: systemFfprobe, source: 'system' };
  if (configured.FFMPEG_PATH && configured.FFPROBE_PATH)
    return { ffmpeg: configured.FFMPEG_PATH, ffprobe: configured.FFPROBE_PATH, source: 'configured' };
  return registryTools();
};

export class MediaToolError extends Error {
  readonly stderr: string;
  constructor(message: string, stderr: string) {
    super(message);
    this.stderr = stderr;
  }
}

interface RunOptions {
  /** Called with the seconds of output written so far (from ffmpeg's -progress). */
  onProgress?: (outputSeconds: number) => void;
  signal?: AbortSignal;
  /** Fed to the program's standard input (read as `pipe:0`), for media that are still arriving. */
  input?: Readable;
  /** A render: it yields the CPU to the work a request waits for (a probe of an upload, the app itself). */
  background?: boolean;
}

const STDERR_TAIL = 4000;
const BACKGROUND_PRIORITY = 10;

/** Rendering is background work: it yields the CPU to the process answering requests and its probes. */
const lowerPriority = (pid: number | undefined) => {
  if (pid === undefined) return;
  try {
    setPriority(pid, BACKGROUND_PRIORITY);
  } catch {
    // Some platforms refuse; the render still runs at normal priority.
  }
};

/**
 * The command that makes a program die with this process, even one killed with SIGKILL, so no render
 * keeps the CPU busy for a parent that is gone: Linux's parent-death signal, set by util-linux's
 * setpriv, which then becomes the program (same pid, so aborting and lowering the priority reach it).
 * Elsewhere, or without setpriv, programs run as they are.
 */
const parentDeathPrefix = (): string[] => {
  const setpriv = process.platform === 'linux' ? onSearchPath('setpriv', process.env.PATH ?? '') : undefined;
  if (!setpriv || spawnSync(setpriv, ['--pdeathsig', 'KILL', '--', 'true']).status !== 0) return [];
  return [setpriv, '--pdeathsig', 'KILL', '--'];
};
let dieWithParentPrefix: string[] | undefined;
const dieWithParent = () => {
  dieWithParentPrefix ??= parentDeathPrefix();
  return dieWithParentPrefix;
};

/** Runs a program to completion; rejects with the tail of its stderr when it fails or is aborted. */
const run = (program: string, args: string[], options: RunOptions = {}): Promise<string> =>
  new Promise((resolve, reject) => {
    const [command = program, ...commandArgs] = [...dieWithParent(), program, ...args];
    const child = spawn(command, commandArgs, { stdio: 'pipe', signal: options.signal });
    if (options.background) lowerPriority(child.pid);
    let stdout = '';
    let stderr = '';
    let pending = '';
    // A program that stops early (it failed, or was aborted) closes its input: its exit tells why.
    child.stdin.on('error', () => {});
    if (options.input) {
      options.input.on('error', (error) => {
        stderr += `\ninput: ${error.message}`;
        child.kill('SIGKILL');
      });
      // ffmpeg stops on SIGTERM only once its read of the input returns: an input that will never
      // send more must be closed, or an aborted render waits for it forever.
      options.input.on('close', () => child.stdin.destroy());
      options.signal?.addEventListener('abort', () => child.stdin.destroy(), { once: true });
      options.input.pipe(child.stdin);
    } else child.stdin.end();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!options.onProgress) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match) options.onProgress(Number(match[1]) / 1_000_000);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error) =>
      reject(new MediaToolError(`${path.basename(program)}: ${error.message}`, stderr)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new MediaToolError(
            `${path.basename(program)} exited with ${signal ?? code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
            stderr,
          ),
        );
    });
  });

export const runFfmpeg = (tools: MediaTools, args: string[], options: RunOptions = {}) =>
  run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      ...(options.onProgress ? ['-progress', 'pipe:1'] : []),
      ...args,
    ],
    { ...options, background: true },
  );

export interface ProbedStream {
  index: number;
  codec_type: 'video' | 'audio' | string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
}

export interface Probe {
  format: { duration?: string; format_name?: string };
  streams: ProbedStream[];
  /** Every packet's time, when asked for with the rest (`packets: true`). */
  packets?: { pts_time?: string; duration_time?: string }[];
}

/**
 * The container and its streams; with `packets`, also every packet's time in the same run (demuxing
 * only), for a file whose header may not say how long it is.
 */
export const probe = async (tools: MediaTools, file: string, { packets = false } = {}): Promise<Probe> =>
  JSON.parse(
    await run(tools.ffprobe, [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
      ...(packets ? ['-show_entries', 'packet=pts_time,duration_time'] : []),
      file,
    ]),
  ) as Probe;

/**
 * Duration in seconds. Browser recordings (webm from MediaRecorder) carry none in their header, so
 * then the last packet's end time is read instead (demuxing only, no decoding): from the probe when
 * it listed them, else in a second run.
 */
export const probeDuration = async (tools: MediaTools, file: string, probed?: Probe): Promise<number> => {
  const info = probed ?? (await probe(tools, file));
  const declared = Number(info.format.duration);
  if (Number.isFinite(declared) && declared > 0) return declared;
  const packets = info.packets ?? (await probe(tools, file, { packets: true })).packets ?? [];
  let end = 0;
  for (const packet of packets) {
    const pts = Number(packet.pts_time);
    const duration = Number(packet.duration_time);
    if (Number.isFinite(pts)) end = Math.max(end, pts + (Number.isFinite(duration) ? duration : 0));
  }
  return end;
};

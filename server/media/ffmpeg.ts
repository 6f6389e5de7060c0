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
  /** The process's places for ffmpeg runs (RENDER_CONCURRENCY); without them (scripts, benches) runs are not counted. */
  slots?: RenderSlots;
}

/** Places for at most `size` runs at once: a run waits for one in turn, or until its signal aborts. */
interface RenderSlots {
  /** Answers the function that gives the place back (once). */
  take(signal?: AbortSignal): Promise<() => void>;
}

const createRenderSlots = (size: number): RenderSlots => {
  let free = size;
  const waiting: (() => void)[] = [];
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  const once = () => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      giveBack();
    };
  };
  return {
    take: (signal) =>
      new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(new MediaToolError('ffmpeg was stopped before it started', ''));
          return;
        }
        if (free > 0) {
          free -= 1;
          resolve(once());
          return;
        }
        const turn = () => {
          signal?.removeEventListener('abort', withdraw);
          resolve(once());
        };
        const withdraw = () => {
          waiting.splice(waiting.indexOf(turn), 1);
          reject(new MediaToolError('ffmpeg was stopped before it started', ''));
        };
        waiting.push(turn);
        signal?.addEventListener('abort', withdraw, { once: true });
      }),
  };
};

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
 * The registry's static ffprobe starts in about 10 ms, Debian's in about 300 ms (it loads every codec
 * library first): every upload is probed before it is accepted, so the static one probes where installed.
 */
const quickFfprobe = (fallback: string) => {
  try {
    const bundled = (require('@ffprobe-installer/ffprobe') as { path: string }).path;
    return isExecutable(bundled) ? bundled : fallback;
  } catch {
    return fallback;
  }
};

/**
 * The system's ffmpeg and ffprobe when both are on the search path (Debian's ffmpeg is newer and faster;
 * its probes run on the quicker static ffprobe), else FFMPEG_PATH/FFPROBE_PATH, else the registry's static builds. Given RENDER_CONCURRENCY, they
 * carry the places for ffmpeg runs: the composition root builds them once per process.
 */
export const resolveMediaTools = (
  configured: {
    FFMPEG_PATH?: string | undefined;
    FFPROBE_PATH?: string | undefined;
    RENDER_CONCURRENCY?: number | undefined;
  },
  searchPath = process.env.PATH ?? '',
): MediaTools => {
  const slots = configured.RENDER_CONCURRENCY
    ? { slots: createRenderSlots(configured.RENDER_CONCURRENCY) }
    : {};
  const systemFfmpeg = onSearchPath('ffmpeg', searchPath);
  const systemFfprobe = onSearchPath('ffprobe', searchPath);
  if (systemFfmpeg && systemFfprobe)
    return { ffmpeg: systemFfmpeg, ffprobe: quickFfprobe(systemFfprobe), source: 'system', ...slots };
  if (configured.FFMPEG_PATH && configured.FFPROBE_PATH)
    return {
      ffmpeg: configured.FFMPEG_PATH,
      ffprobe: configured.FFPROBE_PATH,
      source: 'configured',
      ...slots,
    };
  return { ...registryTools(), ...slots };
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

/** What `run` adds to the caller's options: how long the program may take. */
interface RunLimits extends RunOptions {
  timeLimitMs: number;
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

/**
 * The address space a program may map: a render of a take at the largest size admitted (4096 px a side)
 * peaks near 1.2 GB (about 300 MB resident). Admission keeps out what is large by design; this ends
 * what no probe foresees (a decoder or filter that grows without end) before it takes the machine's
 * memory. Address space, not resident memory: the only limit setrlimit enforces.
 */
const MEMORY_LIMIT_BYTES = 3 * 1024 ** 3;

/** util-linux's prlimit, which also becomes the program (same pid); elsewhere programs run unlimited. */
const memoryLimitPrefix = (): string[] => {
  const prlimit = process.platform === 'linux' ? onSearchPath('prlimit', process.env.PATH ?? '') : undefined;
  const limit = `--as=${MEMORY_LIMIT_BYTES}`;
  if (!prlimit || spawnSync(prlimit, [limit, '--', 'true']).status !== 0) return [];
  return [prlimit, limit, '--'];
};
let memoryLimitPrefixes: string[] | undefined;
const withinMemory = () => {
  memoryLimitPrefixes ??= memoryLimitPrefix();
  return memoryLimitPrefixes;
};

/** A probe reads headers and lists packets, never decodes a whole file: a minute is far more than it needs. */
const PROBE_TIME_LIMIT_MS = 60_000;
/**
 * A render may take two minutes to start plus six times the media it writes (a two-core machine busy
 * with other renders and requests makes a take at about real time), and never more than an hour: the
 * longest take allowed, ten minutes, fits; a run stuck on a crafted input does not hold its place longer.
 */
const RENDER_TIME_BASE_MS = 120_000;
const RENDER_TIME_PER_MEDIA_SECOND_MS = 6_000;
const RENDER_TIME_CEILING_MS = 60 * 60_000;
const renderTimeLimitMs = (mediaSeconds: number | undefined) =>
  mediaSeconds === undefined
    ? RENDER_TIME_CEILING_MS
    : Math.min(RENDER_TIME_CEILING_MS, RENDER_TIME_BASE_MS + RENDER_TIME_PER_MEDIA_SECOND_MS * mediaSeconds);

/** The length an ffmpeg run writes, as its last `-t` bounds it; a copy or a poster frame names none. */
const outputSeconds = (args: string[]) => {
  const at = args.lastIndexOf('-t');
  const seconds = at === -1 ? Number.NaN : Number(args[at + 1]);
  return Number.isFinite(seconds) ? seconds : undefined;
};

/**
 * Threads per decoder, filter graph and encoder: a render uses a couple of cores, so RENDER_CONCURRENCY
 * renders at once stay near that many cores' worth, however large the machine or the frame.
 */
const FFMPEG_THREADS = 2;
/** `-threads` is per file: before every input, and before the last output (the encoded one; the others copy). */
const boundedThreads = (args: string[]) => {
  const threads = ['-threads', String(FFMPEG_THREADS)];
  const inputs = args.slice(0, -1).flatMap((arg) => (arg === '-i' ? [...threads, arg] : [arg]));
  return ['-filter_complex_threads', String(FFMPEG_THREADS), ...inputs, ...threads, ...args.slice(-1)];
};

/**
 * Runs a program to completion, within its time and memory limits; rejects with the tail of its stderr
 * when it fails, is aborted or runs out of time.
 */
const run = (program: string, args: string[], options: RunLimits): Promise<string> =>
  new Promise((resolve, reject) => {
    const [command = program, ...commandArgs] = [...dieWithParent(), ...withinMemory(), program, ...args];
    // An aborted render's output is thrown away: SIGKILL ends it at once, where SIGTERM lets a niced
    // ffmpeg on a busy machine take seconds to finish writing it.
    const child = spawn(command, commandArgs, {
      stdio: 'pipe',
      signal: options.signal,
      killSignal: 'SIGKILL',
    });
    if (options.background) lowerPriority(child.pid);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeLimitMs);
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
      // An input closed without ending (a recording abandoned) would leave ffmpeg waiting for more.
      options.input.on('close', () => child.stdin.destroy());
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
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`${path.basename(program)}: ${error.message}`, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut)
        reject(
          new MediaToolError(
            `${path.basename(program)} ran past its time limit of ${options.timeLimitMs / 1000} s`,
            stderr,
          ),
        );
      else if (code === 0) resolve(stdout);
      else
        reject(
          new MediaToolError(
            `${path.basename(program)} exited with ${signal ?? code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
            stderr,
          ),
        );
    });
  });

/** Runs ffmpeg once one of the process's places is free (RENDER_CONCURRENCY), within its limits. */
export const runFfmpeg = async (tools: MediaTools, args: string[], options: RunOptions = {}) => {
  const giveBack = tools.slots ? await tools.slots.take(options.signal) : () => {};
  try {
    return await run(
      tools.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-y',
        ...(options.onProgress ? ['-progress', 'pipe:1'] : []),
        ...boundedThreads(args),
      ],
      { ...options, background: true, timeLimitMs: renderTimeLimitMs(outputSeconds(args)) },
    );
  } finally {
    giveBack();
  }
};

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
  packets?: { stream_index?: number; pts_time?: string; duration_time?: string }[];
}

/**
 * The container and its streams; with `packets`, also every packet's time in the same run (demuxing
 * only), for a file whose header may not say how long it is.
 */
export const probe = async (tools: MediaTools, file: string, { packets = false } = {}): Promise<Probe> =>
  JSON.parse(
    await run(
      tools.ffprobe,
      [
        ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
        ...(packets ? ['-show_entries', 'packet=stream_index,pts_time,duration_time'] : []),
        file,
      ],
      { timeLimitMs: PROBE_TIME_LIMIT_MS },
    ),
  ) as Probe;

/** Where the last of these packets ends, in seconds: how long they play, whatever the header says. */
export const packetsEnd = (packets: NonNullable<Probe['packets']>) => {
  let end = 0;
  for (const packet of packets) {
    const pts = Number(packet.pts_time);
    const duration = Number(packet.duration_time);
    if (Number.isFinite(pts)) end = Math.max(end, pts + (Number.isFinite(duration) ? duration : 0));
  }
  return end;
};

/**
 * Duration in seconds. Browser recordings (webm from MediaRecorder) carry none in their header, so
 * then the last packet's end time is read instead (demuxing only, no decoding): from the probe when
 * it listed them, else in a second run.
 */
export const probeDuration = async (tools: MediaTools, file: string, probed?: Probe): Promise<number> => {
  const info = probed ?? (await probe(tools, file));
  const declared = Number(info.format.duration);
  if (Number.isFinite(declared) && declared > 0) return declared;
  return packetsEnd(info.packets ?? (await probe(tools, file, { packets: true })).packets ?? []);
};

import { readFile } from 'node:fs/promises';
import { defineJob } from '#server/jobs/queue.ts';
import { MediaToolError, probe, runFfmpeg } from '#server/media/ffmpeg.ts';
import type { CaptionsService } from './captions.ts';
import * as repository from './repository.ts';
import { type SoulStoryPlatform, TRANSCRIBE_JOB, type TranscribeJobData } from './service.ts';

/** How long the server may take to answer: a CPU whisper hears a ten-minute take in a few minutes. */
const TRANSCRIBE_TIMEOUT_MS = 10 * 60 * 1000;

/** The language asked for when the pilgrim has written no captions in one: there is no per-user language yet. */
const DEFAULT_LANGUAGE = 'en';

/** The server refused the request itself (a 4xx): asking again would be refused again. */
class TranscriptionRefused extends Error {}

/**
 * Drafts a take's captions at an OpenAI-compatible transcription server (whisper.cpp's server,
 * faster-whisper servers, LocalAI, OpenAI): its sound, mono at 16 kHz in Opus, goes to
 * `POST {TRANSCRIBE_BASE_URL}/audio/transcriptions`, and the WebVTT it answers is kept as the take's
 * captions (source `transcribed`), unless the pilgrim wrote their own or the take changed meanwhile.
 * A failure of the server (5xx, network, timeout) is retried with back-off; a refusal (4xx) is not.
 * Nothing waits for it: the keepsake is joined without captions. Safe to run twice.
 */
export const transcribeJob = (deps: SoulStoryPlatform, captions: CaptionsService) => {
  const { config, db, storage, temporaryFiles, logger } = deps;

  const transcribe = async (audio: Buffer, language: string, signal: AbortSignal) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(audio)], { type: 'audio/ogg' }), 'take.ogg');
    form.append('model', config.TRANSCRIBE_MODEL);
    form.append('response_format', 'vtt');
    form.append('language', language);
    const response = await fetch(`${config.TRANSCRIBE_BASE_URL!.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: config.TRANSCRIBE_API_KEY ? { authorization: `Bearer ${config.TRANSCRIBE_API_KEY}` } : {},
      signal: AbortSignal.any([signal, AbortSignal.timeout(TRANSCRIBE_TIMEOUT_MS)]),
    });
    const body = await response.text();
    if (response.status >= 400 && response.status < 500)
      throw new TranscriptionRefused(
        `the transcription server answered ${response.status}: ${body.slice(0, 200)}`,
      );
    if (!response.ok) throw new Error(`the transcription server answered ${response.status}`);
    return body;
  };

  /** The take's sound as a small file, or null when it has none. */
  const extractAudio = (mediaKey: string, signal: AbortSignal) =>
    temporaryFiles.use((temporary) =>
      storage.withLocalFiles([mediaKey], async ([input = '']) => {
        const probed = await probe(deps.mediaTools, input);
        if (!probed.streams.some((stream) => stream.codec_type === 'audio')) return null;
        const output = temporary('.audio.ogg');
        await runFfmpeg(
          deps.mediaTools,
          ['-i', input, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libopus', '-b:a', '24k', output],
          { signal },
        );
        return readFile(output);
      }),
    );

  return defineJob<TranscribeJobData>({
    name: TRANSCRIBE_JOB,
    queue: {
      // 5 s, then about 10, 20, 40... up to 10 minutes between tries: a server restarting is waited for.
      retryLimit: 8,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: TRANSCRIBE_TIMEOUT_MS / 1000 + 5 * 60,
    },
    handle: async ({ storyId, mediaKey }, job) => {
      const story = await repository.findById(db, storyId);
      if (!story || story.mediaKey !== mediaKey || story.captionsSource === 'pilgrim') return;
      const stories = await repository.listForUser(db, story.userId);
      const language =
        stories.find((other) => other.captionsSource === 'pilgrim')?.captionsLanguage ?? DEFAULT_LANGUAGE;
      let vtt: string;
      try {
        const audio = await extractAudio(mediaKey, job.signal);
        if (!audio) return;
        vtt = await transcribe(audio, language, job.signal);
      } catch (error) {
        if (!(error instanceof TranscriptionRefused || error instanceof MediaToolError) || job.signal.aborted)
          throw error;
        logger.warn({ err: error, storyId }, 'a take could not be transcribed');
        return;
      }
      const { stored, refusal } = await captions.storeTranscribed(storyId, mediaKey, { language, vtt });
      if (refusal) logger.warn({ storyId, refusal }, 'the transcription server answered invalid captions');
      else if (stored) logger.info({ storyId }, 'drafted captions for a take');
    },
  });
};

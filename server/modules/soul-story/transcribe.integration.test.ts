import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobeJson, makeClip, storyClient } from '#test/soul-stories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { createUser } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';
import { TRANSCRIBE_JOB } from './service.ts';

interface Heard {
  headers: IncomingHttpHeaders;
  path: string;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | null;
}

/** How long background work (a render, the sound's extraction, a retry) may take on a busy two-core machine. */
const BACKGROUND_MS = 60_000;

type Answer = (heard: Heard, response: ServerResponse) => void | Promise<void>;

/** Captions for a take of one second, as whisper.cpp's server writes them: the last cue a little past the end. */
const drafted =
  'WEBVTT\n\n00:00:00.000 --> 00:00:00.600\nBuen Camino\n\n00:00:00.600 --> 00:00:02.000\n¡Ultreia!\n';

const answerVtt: Answer = (_heard, response) => {
  response.writeHead(200, { 'content-type': 'text/vtt' }).end(drafted);
};

/** An OpenAI-compatible transcription server: `POST /v1/audio/transcriptions`, multipart, answering WebVTT. */
const startTranscriptionServer = async () => {
  const heard: Heard[] = [];
  let answer: Answer = answerVtt;
  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const form = await new Request('http://transcription.test', {
      method: 'POST',
      headers: incoming.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    }).formData();
    const fields: Record<string, string> = {};
    let file: Heard['file'] = null;
    for (const [name, value] of form) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'file')
        file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
    const request = { headers: incoming.headers, path: incoming.url ?? '/', fields, file };
    heard.push(request);
    await answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    heard,
    answerWith: (next: Answer) => {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A one-second take with a tone, as a browser records it. */
const makeTake = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'transcribe-take-'));
  try {
    await makeClip(path.join(dir, 'a.webm'), { seconds: 1, colour: 'red' });
    return await readFile(path.join(dir, 'a.webm'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** The streams ffprobe finds in the file the server was sent. */
const audioStreams = async (bytes: Buffer) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'transcribe-test-'));
  try {
    const file = path.join(dir, 'audio');
    await writeFile(file, bytes);
    return (await ffprobeJson(file)).streams.map(({ codec_type, codec_name }) => ({
      codec_type,
      codec_name,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe(`drafted captions from a transcription server on ${process.env.TEST_DB}`, () => {
  let transcriber: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let testApp: TestApp;
  let clip: Buffer;

  beforeAll(async () => {
    transcriber = await startTranscriptionServer();
    [testApp, clip] = await Promise.all([
      createTestApp({
        TRANSCRIBE_BASE_URL: transcriber.url,
        TRANSCRIBE_MODEL: 'whisper-large-v3',
        TRANSCRIBE_API_KEY: 'sk-transcribe',
      }),
      makeTake(),
    ]);
  }, 300_000);
  afterAll(async () => {
    await testApp?.close();
    await transcriber?.close();
  });

  const captionsUrl = (id: string) => `/api/soulstory/${id}/captions/`;
  const takeOf = async (auth: Record<string, string>, type = 'call') => {
    const response = await storyClient(testApp).upload(auth, { type }, { content: clip });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  };
  const captionsOf = (auth: Record<string, string>, id: string) =>
    testApp.app.inject({ method: 'GET', url: captionsUrl(id), headers: auth });
  const heardFor = (count: number) =>
    waitFor(
      () => transcriber.heard.length,
      (length) => length >= count,
      BACKGROUND_MS,
    );
  const jobDone = (id: string) =>
    waitFor(
      async () =>
        (await testApp.deps.queue.boss.findJobs(TRANSCRIBE_JOB, { data: { storyId: id } })).map(
          (job) => job.state,
        ),
      (states) => states.length > 0 && states.every((state) => state === 'completed'),
      BACKGROUND_MS,
    );

  it('sends the take’s sound with the model, language and key, and keeps the answer as transcribed captions', async () => {
    transcriber.answerWith(answerVtt);
    const before = transcriber.heard.length;
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    const captions = await waitFor(
      () => captionsOf(pilgrim.headers, take.id),
      (response) => response.statusCode === 200,
      BACKGROUND_MS,
    );
    // The last cue, past the one-second take, is cut at its end.
    expect(captions.json()).toEqual({
      language: 'en',
      source: 'transcribed',
      vtt: expect.stringMatching(
        /^WEBVTT\n\n00:00:00\.000 --> 00:00:00\.600\nBuen Camino\n\n00:00:00\.600 --> 00:01\.\d{3}\n¡Ultreia!\n$/,
      ),
    });
    expect(transcriber.heard).toHaveLength(before + 1);
    const heard = transcriber.heard[before]!;
    expect(heard.path).toBe('/v1/audio/transcriptions');
    expect(heard.headers.authorization).toBe('Bearer sk-transcribe');
    expect(heard.fields).toEqual({ model: 'whisper-large-v3', response_format: 'vtt', language: 'en' });
    expect(heard.file!.bytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(await audioStreams(heard.file!.bytes)).toEqual([{ codec_type: 'audio', codec_name: 'opus' }]);
    const listed = (
      await testApp.app.inject({ method: 'GET', url: '/api/soulstories/', headers: pilgrim.headers })
    ).json() as { id: string; captions_url: string | null }[];
    expect(listed.find((item) => item.id === take.id)?.captions_url).toMatch(/\.vtt/);
  });

  it('retries a server that failed, with back-off, and keeps its later answer', async () => {
    let answered = 0;
    transcriber.answerWith((heard, response) => {
      answered += 1;
      if (answered === 1) response.writeHead(500, { 'content-type': 'text/plain' }).end('out of memory');
      else answerVtt(heard, response);
    });
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    const captions = await waitFor(
      () => captionsOf(pilgrim.headers, take.id),
      (response) => response.statusCode === 200,
      BACKGROUND_MS,
    );
    expect(captions.json()).toMatchObject({ source: 'transcribed', language: 'en' });
    expect(answered).toBe(2);
  });

  it('gives up on a refusal (4xx) without asking again', async () => {
    transcriber.answerWith((_heard, response) => {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"unknown model"}');
    });
    const before = transcriber.heard.length;
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    await jobDone(take.id);
    expect(transcriber.heard).toHaveLength(before + 1);
    expect((await captionsOf(pilgrim.headers, take.id)).statusCode).toBe(404);
  });

  it('never overwrites captions the pilgrim wrote while the server was hearing the take', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    transcriber.answerWith(async (heard, response) => {
      await held;
      answerVtt(heard, response);
    });
    const before = transcriber.heard.length;
    const pilgrim = await createUser(testApp);
    const take = await takeOf(pilgrim.headers);
    await heardFor(before + 1);
    const own = 'WEBVTT\n\n00:00.000 --> 00:01.000\nMy own words\n';
    const put = await testApp.app.inject({
      method: 'PUT',
      url: captionsUrl(take.id),
      headers: { ...pilgrim.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ language: 'es', vtt: own }),
    });
    expect(put.statusCode).toBe(200);
    release();
    await jobDone(take.id);
    expect((await captionsOf(pilgrim.headers, take.id)).json()).toEqual({
      language: 'es',
      vtt: own,
      source: 'pilgrim',
    });

    // Their next take is heard in the language they wrote in.
    transcriber.answerWith(answerVtt);
    const next = await takeOf(pilgrim.headers, 'joy');
    await waitFor(
      () => captionsOf(pilgrim.headers, next.id),
      (response) => response.statusCode === 200,
      BACKGROUND_MS,
    );
    expect(transcriber.heard.at(-1)!.fields.language).toBe('es');
  });
});

describe(`takes without a transcription server on ${process.env.TEST_DB}`, () => {
  it('queues no transcription and sends nothing', async () => {
    const transcriber = await startTranscriptionServer();
    const [testApp, clip] = await Promise.all([createTestApp(), makeTake()]);
    try {
      const pilgrim = await createUser(testApp);
      const response = await storyClient(testApp).upload(
        pilgrim.headers,
        { type: 'call' },
        { content: clip },
      );
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: string };
      // Once the take's segment is made, a transcription sent with the save would have been taken too.
      await waitFor(
        async () =>
          (await testApp.deps.queue.boss.findJobs('soul-story.normalise', { data: { storyId: id } })).map(
            (job) => job.state,
          ),
        (states) => states.length > 0 && states.every((state) => state === 'completed'),
      );
      expect(await testApp.deps.queue.boss.findJobs(TRANSCRIBE_JOB)).toEqual([]);
      expect(transcriber.heard).toEqual([]);
    } finally {
      await testApp.close();
      await transcriber.close();
    }
  }, 300_000);
});

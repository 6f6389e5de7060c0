import { chmod, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { Logger } from 'pino';
import type { Database } from '../client.ts';
import {
  BackupError,
  controlSocketOf,
  isStagingFolder,
  type SnapshotInfo,
  takeSnapshot,
} from './snapshot.ts';

const SNAPSHOT_PATH = '/snapshot';

const readBody = async (stream: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * The embedded database's data folder is locked to the process running the app, so `npm run backup`
 * asks that process for a snapshot over a Unix socket in the data folder. The socket is no network
 * port and is open to the app's own OS user only: file permissions are its access control.
 * Answers a function that closes it (and removes the socket file).
 */
export const serveBackups = async (parts: {
  dataDir: string;
  mediaDir: string;
  database: Database;
  logger: Logger;
}): Promise<() => Promise<void>> => {
  const { pglite } = parts.database;
  if (!pglite) return async () => {};
  const socket = controlSocketOf(parts.dataDir);
  // Left by a killed process: this one holds the data folder's lock, so nobody else listens on it.
  await rm(socket, { force: true });
  const server = createServer(async (incoming, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      if (incoming.method !== 'POST' || incoming.url !== SNAPSHOT_PATH) {
        return answer(404, { error: `Only POST ${SNAPSHOT_PATH} is answered here.` });
      }
      const { staging } = JSON.parse(await readBody(incoming)) as { staging?: unknown };
      if (typeof staging !== 'string' || !isStagingFolder(parts.dataDir, staging)) {
        return answer(400, {
          error: 'A snapshot is only written into a staging folder of this data folder.',
        });
      }
      const started = performance.now();
      const info = await takeSnapshot({ pglite, dataDir: parts.dataDir, mediaDir: parts.mediaDir }, staging);
      parts.logger.info({ ms: Math.round(performance.now() - started) }, 'backup snapshot taken');
      answer(200, info);
    } catch (error) {
      parts.logger.error({ err: error }, 'backup snapshot failed');
      answer(500, { error: `The app could not take the snapshot: ${(error as Error).message}` });
    }
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
    await chmod(socket, 0o600);
  } catch (error) {
    // A data folder path too long for a socket's name (about 100 bytes), say: the app runs on.
    parts.logger.warn(
      { err: error, socket },
      'npm run backup cannot reach this process; stop the app to back up its data folder',
    );
    server.close();
    return async () => {};
  }
  return () => new Promise((resolve) => server.close(() => resolve()));
};

/**
 * Asks the app running on the data folder to fill `staging` with a snapshot. Answers null when no app
 * listens there (none runs, or one was killed and left its socket behind).
 */
export const askRunningApp = (dataDir: string, staging: string): Promise<SnapshotInfo | null> =>
  new Promise((resolve, reject) => {
    const call = request(
      {
        socketPath: controlSocketOf(dataDir),
        method: 'POST',
        path: SNAPSHOT_PATH,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        readBody(response)
          .then((text) => {
            const body = JSON.parse(text) as SnapshotInfo & { error?: string };
            if (response.statusCode === 200) resolve(body);
            else reject(new BackupError(body.error ?? `The app answered ${response.statusCode}.`));
          })
          .catch(reject);
      },
    );
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    call.end(JSON.stringify({ staging }));
  });

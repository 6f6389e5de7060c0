import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A message as the outbox mailer writes it: one JSON file a message. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** The messages the app wrote to an outbox folder, oldest first. */
export const readOutbox = async (dir: string): Promise<OutboxMessage[]> => {
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMessage),
  );
};

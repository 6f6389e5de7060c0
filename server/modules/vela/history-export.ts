import type { ChatTranscript } from '#contract/vela.ts';
import type { DbOrTx } from '#server/db/client.ts';
import * as repository from './repository.ts';

/** The whole conversation as the pilgrim takes it away: every message, oldest first. */
export const chatTranscript = async (db: DbOrTx, userId: string): Promise<ChatTranscript> => ({
  exported_at: new Date().toISOString(),
  messages: (await repository.listAllMessages(db, userId)).map((row) => ({
    role: row.role,
    content: row.content,
    created_at: row.createdAt.toISOString(),
  })),
});

const speaker = { user: 'You', assistant: 'Vela' } as const;

const readableTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/** The same conversation to read in any text editor: a heading for each message, its words untouched. */
export const chatMarkdown = ({ exported_at, messages }: ChatTranscript) =>
  [
    '# Your conversation with Vela',
    '',
    `Exported on ${readableTime(exported_at)} UTC. ${messages.length} ${messages.length === 1 ? 'message' : 'messages'}.`,
    ...messages.flatMap((message) => [
      '',
      `## ${speaker[message.role]}, ${readableTime(message.created_at)} UTC`,
      '',
      message.content,
    ]),
    '',
  ].join('\n');

import { z } from 'zod';
import type { DbOrTx } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import { NotFound } from '#server/http/errors.ts';
import { limit, type RateLimitName } from '#server/http/rate-limit-rules.ts';
import { snakeCased } from '#server/http/snake-case.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

export interface StoredMessage {
  id: string;
  kind: string;
  email: string;
  handled: boolean;
  emailedAt: Date | null;
  createdAt: Date;
}

/**
 * Where one family of forms keeps its messages (contact and inquiry; join and volunteer),
 * with the job, limits and emails that go with them.
 */
export interface Mailbox<Row extends StoredMessage, NewRow> {
  /** Named per mailbox, so that jobs queued before a deploy still find their handler. */
  job: string;
  perAddressRule: RateLimitName;
  perRecipientRule: RateLimitName;
  notFound: string;
  repository: {
    insert(db: DbOrTx, values: NewRow): Promise<Row>;
    findById(db: DbOrTx, id: string): Promise<Row | null>;
    markEmailed(db: DbOrTx, id: string): Promise<void>;
    list(db: DbOrTx, options: { kind?: Row['kind']; limit: number; offset: number }): Promise<Row[]>;
    setHandled(db: DbOrTx, id: string, handled: boolean): Promise<Row | null>;
  };
  teamEmail(row: Row, teamAddress: string): MailMessage;
  /** Never repeats the message, so a form cannot be used to send text to strangers. */
  acknowledgementEmail(row: Row): MailMessage;
}

/** Subjects and greetings are one line whatever a sender typed into their name. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export type SubmitDeps = Pick<AppDeps, 'config' | 'db' | 'queue' | 'rateLimiter'>;

/** Stores the message and queues its emails in one transaction; a filled honeypot is thanked and ignored. */
export const submitMessage = async <Row extends StoredMessage, NewRow extends { email: string }>(
  deps: SubmitDeps,
  mailbox: Mailbox<Row, NewRow>,
  message: NewRow,
  honeypot: string | undefined,
  clientAddress: string,
): Promise<void> => {
  await limit(deps, mailbox.perAddressRule, clientAddress);
  if (honeypot) return;
  await limit(deps, mailbox.perRecipientRule, message.email);
  await deps.db.transaction(async (tx) => {
    const row = await mailbox.repository.insert(tx, message);
    await deps.queue.send(mailbox.job, { id: row.id }, {}, tx);
  });
};

/** The job: safe to run twice, since a message already emailed is skipped. */
export const sendMessageEmails = async <Row extends StoredMessage, NewRow>(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  mailbox: Mailbox<Row, NewRow>,
  id: string,
) => {
  const row = await mailbox.repository.findById(deps.db, id);
  if (!row || row.emailedAt) return;
  await deps.mailer.send(mailbox.teamEmail(row, deps.config.TEAM_EMAIL));
  await deps.mailer.send(mailbox.acknowledgementEmail(row));
  await mailbox.repository.markEmailed(deps.db, id);
};

/** A message as the admin console lists it: every column but the bookkeeping of its emails. */
const toItem = <Row extends StoredMessage>({ emailedAt: _sent, createdAt, ...row }: Row) =>
  snakeCased({ ...row, createdAt: createdAt.toISOString() });

/** What the admin console does with a mailbox: list it newest first, and flag a message handled. */
export const adminViewOf = <Row extends StoredMessage, NewRow>(mailbox: Mailbox<Row, NewRow>) => ({
  list: async (
    db: AppDeps['db'],
    options: { kind?: Row['kind'] | undefined; limit?: number; offset?: number } = {},
  ) =>
    (
      await mailbox.repository.list(db, {
        ...(options.kind ? { kind: options.kind } : {}),
        limit: Math.min(options.limit ?? 100, 500),
        offset: options.offset ?? 0,
      })
    ).map(toItem),

  /** An unknown id is NotFound. */
  setHandled: async (db: AppDeps['db'], id: string, handled: boolean) => {
    const row = z.uuid().safeParse(id).success ? await mailbox.repository.setHandled(db, id, handled) : null;
    if (!row) throw new NotFound(mailbox.notFound);
    return toItem(row);
  },
});

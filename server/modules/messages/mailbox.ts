import type { DbOrTx } from '#server/db/client.ts';
import type { RateLimitName } from '#server/http/rate-limit-rules.ts';
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
 * with the job, the per-recipient limit and the emails that go with them (the per-address limit is the
 * routes' option).
 */
export interface Mailbox<Row extends StoredMessage, NewRow> {
  /** Named per mailbox, so that jobs queued before a deploy still find their handler. */
  job: string;
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

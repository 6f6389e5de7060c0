import { z } from 'zod';
import {
  type ContactKind,
  type ContactMessageItem,
  contactMessages,
  type contactRequest,
  inquiryTypeLabel,
  REPLY_PROMISE_HOURS,
} from '../../../contract/contact.ts';
import type { AppDeps } from '../../deps.ts';
import { NotFound } from '../../http/errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import * as repository from './repository.ts';

export const CONTACT_EMAILS_JOB = 'contact-emails';

type ContactInput = z.output<typeof contactRequest>;

const perAddressRule = {
  name: 'contact:ip',
  limit: 5,
  windowSeconds: 10 * 60,
  message: contactMessages.tooMany,
};
const perRecipientRule = {
  name: 'contact:email',
  limit: 3,
  windowSeconds: 60 * 60,
  message: contactMessages.tooMany,
};

/**
 * Stores the message and queues the team email and the acknowledgement in one transaction.
 * A filled honeypot gets the same answer but nothing is stored or sent.
 */
export const submitContactMessage = async (
  deps: Pick<AppDeps, 'db' | 'queue' | 'rateLimiter'>,
  input: ContactInput,
  clientAddress: string,
): Promise<void> => {
  await deps.rateLimiter.hit(perAddressRule, clientAddress);
  if (input.website) return;
  await deps.rateLimiter.hit(perRecipientRule, input.email);
  const kind: ContactKind = input.fullName !== undefined || input.inquiryTypes ? 'inquiry' : 'contact';
  await deps.db.transaction(async (tx) => {
    const row = await repository.insert(tx, {
      kind,
      name: (input.fullName ?? input.name)!,
      email: input.email,
      message: input.message,
      inquiryTypes: [...new Set(input.inquiryTypes ?? [])],
    });
    await deps.queue.send(CONTACT_EMAILS_JOB, { id: row.id }, {}, tx);
  });
};

/** Subjects are one line whatever a sender typed into their name. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export const teamEmail = (row: repository.ContactMessageRow, teamAddress: string): MailMessage => {
  const reasons = row.inquiryTypes.map(inquiryTypeLabel).join(', ');
  const subject =
    row.kind === 'inquiry'
      ? `New inquiry from ${oneLine(row.name)}${reasons ? `: ${reasons}` : ''}`
      : `New message from ${oneLine(row.name)}`;
  return {
    to: teamAddress,
    subject,
    headers: { 'Reply-To': row.email },
    text: [
      `From: ${row.name} <${row.email}>`,
      ...(row.kind === 'inquiry' ? [`Reasons: ${reasons || 'none chosen'}`] : []),
      `Received: ${row.createdAt.toISOString()}`,
      '',
      row.message,
      '',
      `Reply to this email to answer ${oneLine(row.name)}; we promised a reply within ${REPLY_PROMISE_HOURS} hours.`,
    ].join('\n'),
  };
};

/** The acknowledgement never repeats the message, so the form cannot be used to send text to strangers. */
export const acknowledgementEmail = (row: repository.ContactMessageRow): MailMessage => ({
  to: row.email,
  subject: 'We received your message',
  text: [
    `Dear ${oneLine(row.name)},`,
    '',
    `Thank you for writing to Pilgrim Soul. Your message has reached us, and someone from our team will reply within ${REPLY_PROMISE_HOURS} hours.`,
    '',
    'With warm wishes for the road,',
    'The Pilgrim Soul team',
  ].join('\n'),
});

/** The job: safe to run twice, since a message already emailed is skipped. */
export const sendContactEmails = async (deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, id: string) => {
  const row = await repository.findById(deps.db, id);
  if (!row || row.emailedAt) return;
  await deps.mailer.send(teamEmail(row, deps.config.TEAM_EMAIL));
  await deps.mailer.send(acknowledgementEmail(row));
  await repository.markEmailed(deps.db, id);
};

const toItem = (row: repository.ContactMessageRow): ContactMessageItem => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  message: row.message,
  inquiryTypes: row.inquiryTypes,
  handled: row.handled,
  createdAt: row.createdAt.toISOString(),
});

/** For the admin console: newest first. */
export const listContactMessages = async (
  db: AppDeps['db'],
  options: { kind?: ContactKind; limit?: number; offset?: number } = {},
): Promise<ContactMessageItem[]> =>
  (
    await repository.list(db, {
      ...(options.kind ? { kind: options.kind } : {}),
      limit: Math.min(options.limit ?? 100, 500),
      offset: options.offset ?? 0,
    })
  ).map(toItem);

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** For the admin console's handled flag; an unknown id is NotFound. */
export const setContactMessageHandled = async (
  db: AppDeps['db'],
  id: string,
  handled: boolean,
): Promise<ContactMessageItem> => {
  const row = isUuid(id) ? await repository.setHandled(db, id, handled) : null;
  if (!row) throw new NotFound('Message not found');
  return toItem(row);
};

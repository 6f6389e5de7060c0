import { z } from 'zod';
import type { joinRequest, volunteerRequest } from '#contract/community.ts';
import type { contactRequest } from '#contract/contact.ts';
import { snakeCased } from '#contract/snake-case.ts';
import type { AppDeps } from '#server/deps.ts';
import { NotFound } from '#server/http/errors.ts';
import { limit } from '#server/http/rate-limit-rules.ts';
import { communityMailbox, joinRequestOf, volunteerRequestOf } from './community.ts';
import { contactMailbox, contactMessageOf } from './contact.ts';
import type { Mailbox, StoredMessage } from './mailbox.ts';

type MessagesDeps = Pick<AppDeps, 'config' | 'db' | 'queue' | 'rateLimiter' | 'mailer'>;

/** A message as the admin console lists it: every column but the bookkeeping of its emails. */
const toItem = <Row extends StoredMessage>({ emailedAt: _sent, createdAt, ...row }: Row) =>
  snakeCased({ ...row, createdAt: createdAt.toISOString() });

/** The four forms' messages, built once: storing them, emailing them, and the admin console's view. */
export const createMessagesService = (deps: MessagesDeps) => {
  /**
   * Stores the message and queues its emails in one transaction; a filled honeypot is thanked and ignored.
   * The route has already counted its address (routes.ts); the recipient is counted here, past the
   * honeypot, so a bot's message never uses up a recipient's acknowledgements nor hears it was limited.
   */
  const submit = async <Row extends StoredMessage, NewRow extends { email: string }>(
    mailbox: Mailbox<Row, NewRow>,
    { message, honeypot }: { message: NewRow; honeypot: string | undefined },
  ): Promise<void> => {
    if (honeypot) return;
    await limit(deps, mailbox.perRecipientRule, message.email);
    await deps.db.transaction(async (tx) => {
      const row = await mailbox.repository.insert(tx, message);
      await deps.queue.send(mailbox.job, { id: row.id }, {}, tx);
    });
  };

  /** The job: safe to run twice, since a message already emailed is skipped. */
  const sendEmails = async <Row extends StoredMessage, NewRow>(mailbox: Mailbox<Row, NewRow>, id: string) => {
    const row = await mailbox.repository.findById(deps.db, id);
    if (!row || row.emailedAt) return;
    await deps.mailer.send(mailbox.teamEmail(row, deps.config.TEAM_EMAIL));
    await deps.mailer.send(mailbox.acknowledgementEmail(row));
    await mailbox.repository.markEmailed(deps.db, id);
  };

  /** What the admin console does with a mailbox: list it newest first, and flag a message handled. */
  const adminViewOf = <Row extends StoredMessage, NewRow>(mailbox: Mailbox<Row, NewRow>) => ({
    list: async (options: { kind?: Row['kind'] | undefined; limit?: number; offset?: number } = {}) =>
      (
        await mailbox.repository.list(deps.db, {
          ...(options.kind ? { kind: options.kind } : {}),
          limit: Math.min(options.limit ?? 100, 500),
          offset: options.offset ?? 0,
        })
      ).map(toItem),

    /** An unknown id is NotFound. */
    setHandled: async (id: string, handled: boolean) => {
      const row = z.uuid().safeParse(id).success
        ? await mailbox.repository.setHandled(deps.db, id, handled)
        : null;
      if (!row) throw new NotFound(mailbox.notFound);
      return toItem(row);
    },
  });

  const contactView = adminViewOf(contactMailbox);
  const communityView = adminViewOf(communityMailbox);

  return {
    submitContactMessage: (input: z.output<typeof contactRequest>) =>
      submit(contactMailbox, contactMessageOf(input)),
    submitJoinRequest: (input: z.output<typeof joinRequest>) =>
      submit(communityMailbox, joinRequestOf(input)),
    submitVolunteerRequest: (input: z.output<typeof volunteerRequest>) =>
      submit(communityMailbox, volunteerRequestOf(input)),
    sendContactEmails: (id: string) => sendEmails(contactMailbox, id),
    sendCommunityEmails: (id: string) => sendEmails(communityMailbox, id),
    listContactMessages: contactView.list,
    setContactMessageHandled: contactView.setHandled,
    listCommunityRequests: communityView.list,
    setCommunityRequestHandled: communityView.setHandled,
  };
};

export type MessagesService = ReturnType<typeof createMessagesService>;

import { randomUUID } from 'node:crypto';
import { newsletterMessages, type Subscriber } from '#contract/newsletter.ts';
import type { AppDeps } from '#server/deps.ts';
import { Invalid, Unavailable } from '#server/http/errors.ts';
import { hashToken, randomToken } from '#server/security/signed-tokens.ts';
import type { SubscriberRow } from './repository.ts';
import * as repository from './repository.ts';
import { subscriberIdFromUnsubscribeToken, unsubscribeToken } from './tokens.ts';

const CONFIRM_LINK_DAYS = 7;

type NewsletterDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'queue'>;

const link = (config: NewsletterDeps['config'], path: string, token: string) => {
  const url = new URL(path, config.PUBLIC_URL);
  url.searchParams.set('token', token);
  return url.toString();
};

export const unsubscribeLink = (config: NewsletterDeps['config'], subscriberId: string) =>
  link(config, '/newsletter/unsubscribe', unsubscribeToken(config.SECRET, subscriberId));

const toSubscriber = (row: SubscriberRow): Subscriber => ({
  id: row.id,
  email: row.email,
  status: row.status,
  subscribed_at: row.consentedAt.toISOString(),
  confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
  unsubscribed_at: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
});

export const LETTER_JOB = 'newsletter-letter';

export interface LetterJob {
  letterId: string;
  subscriberId: string;
  subject: string;
  text: string;
}

export const createNewsletterService = (deps: NewsletterDeps) => {
  const { db } = deps;

  /**
   * Every newsletter email goes through here: it ends with an unsubscribe link and carries the
   * List-Unsubscribe headers, with RFC 8058 one-click, so mail clients can offer their own button.
   */
  const sendNewsletterEmail = async (
    subscriber: Pick<SubscriberRow, 'id' | 'email'>,
    letter: { subject: string; text: string },
  ) => {
    const unsubscribe = unsubscribeLink(deps.config, subscriber.id);
    try {
      await deps.mailer.send({
        to: subscriber.email,
        subject: letter.subject,
        text: `${letter.text}\n\n--\nYou receive this because you asked for letters from Pilgrim Soul.\nUnsubscribe at any time: ${unsubscribe}\n`,
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    } catch {
      throw new Unavailable('We could not send the email just now. Please try again in a few minutes.');
    }
  };

  /**
   * Double opt-in: the address stays pending until its owner confirms from the email. Asking again is
   * harmless: a confirmed address gets nothing new, anything else gets a fresh confirmation link.
   */
  const subscribe = async (email: string) => {
    const answer = { email, message: newsletterMessages.confirmationOnItsWay };
    const known = await repository.findByEmail(deps.db, email);
    if (known?.status === 'confirmed') return answer;
    const token = randomToken();
    const subscriber = await repository.upsertPending(deps.db, {
      email,
      confirmTokenHash: hashToken(token),
      confirmExpiresAt: new Date(Date.now() + CONFIRM_LINK_DAYS * 24 * 60 * 60 * 1000),
    });
    await sendNewsletterEmail(subscriber, {
      subject: 'Please confirm your letters from Pilgrim Soul',
      text: [
        'Hello,',
        '',
        'Someone, hopefully you, asked to receive occasional letters from Pilgrim Soul at this address.',
        'To confirm, open this link and press the Confirm button:',
        '',
        link(deps.config, '/newsletter/confirm', token),
        '',
        `The link works for ${CONFIRM_LINK_DAYS} days. If you did not ask, ignore this email and you will hear nothing more from us.`,
        '',
        'Buen camino,',
        'The Pilgrim Soul team',
      ].join('\n'),
    });
    return answer;
  };

  const confirm = async (token: string) => {
    const subscriber = await repository.findByConfirmToken(deps.db, hashToken(token));
    const invalid = new Invalid(newsletterMessages.confirmInvalid, 'token');
    if (!subscriber || subscriber.status === 'unsubscribed') throw invalid;
    if (subscriber.status === 'confirmed') return { email: subscriber.email, status: 'confirmed' as const };
    if (!subscriber.confirmExpiresAt || subscriber.confirmExpiresAt.getTime() < Date.now()) throw invalid;
    const confirmed = await repository.markConfirmed(deps.db, subscriber.id);
    await sendNewsletterEmail(confirmed, {
      subject: 'Welcome to letters from Pilgrim Soul',
      text: [
        'Hello,',
        '',
        'Thank you for confirming. From time to time we will write with reflections from the community,',
        'new Soul Story prompts and news of gatherings. No noise, and never more than a few letters a month.',
        '',
        'Buen camino,',
        'The Pilgrim Soul team',
      ].join('\n'),
    });
    return { email: confirmed.email, status: 'confirmed' as const };
  };

  /** Safe to repeat; a valid token for an address we no longer hold is still a success. */
  const unsubscribe = async (token: string) => {
    const id = subscriberIdFromUnsubscribeToken(deps.config.secrets, token);
    if (!id) throw new Invalid(newsletterMessages.unsubscribeInvalid, 'token');
    await repository.markUnsubscribed(deps.db, id);
    return { status: 'unsubscribed' as const };
  };

  const listSubscribers = async () => (await repository.listAll(db)).map(toSubscriber);

  /** One job per confirmed subscriber, so one bad address or a slow mail server holds up nobody else. */
  const queueLetter = async (letter: { subject: string; text: string }) => {
    const letterId = randomUUID();
    const recipients = await repository.listConfirmed(deps.db);
    for (const subscriber of recipients) {
      await deps.queue.send<LetterJob>(
        LETTER_JOB,
        { letterId, subscriberId: subscriber.id, ...letter },
        { singletonKey: `${letterId}:${subscriber.id}` },
      );
    }
    return { recipients: recipients.length };
  };

  /** Someone who unsubscribed after the letter was queued does not get it. */
  const deliverLetter = async (job: LetterJob) => {
    const subscriber = await repository.findById(deps.db, job.subscriberId);
    if (subscriber?.status !== 'confirmed') return;
    await sendNewsletterEmail(subscriber, { subject: job.subject, text: job.text });
  };

  /** Whether this address receives the newsletter, and since when, for the pilgrim's data export. */
  const subscriptionOf = async (email: string) => {
    const row = await repository.findByEmail(deps.db, email);
    return {
      email,
      status: row?.status ?? 'not subscribed',
      consented_at: row?.consentedAt.toISOString() ?? null,
      confirmed_at: row?.confirmedAt?.toISOString() ?? null,
      unsubscribed_at: row?.unsubscribedAt?.toISOString() ?? null,
    };
  };

  return {
    sendNewsletterEmail,
    subscriptionOf,
    subscribe,
    confirm,
    unsubscribe,
    listSubscribers,
    queueLetter,
    deliverLetter,
  };
};

export type NewsletterService = ReturnType<typeof createNewsletterService>;

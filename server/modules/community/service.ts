import { z } from 'zod';
import {
  type CommunityRequestItem,
  type CommunityRequestKind,
  communityMessages,
  joinAudiences,
  type joinRequest,
  volunteerAreas,
  type volunteerRequest,
} from '../../../contract/community.ts';
import type { AppDeps } from '../../deps.ts';
import { NotFound } from '../../http/errors.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import * as repository from './repository.ts';

export const COMMUNITY_EMAILS_JOB = 'community-emails';

type Deps = Pick<AppDeps, 'db' | 'queue' | 'rateLimiter'>;

const perAddressRule = {
  name: 'community:ip',
  limit: 5,
  windowSeconds: 10 * 60,
  message: communityMessages.tooMany,
};
const perRecipientRule = {
  name: 'community:email',
  limit: 3,
  windowSeconds: 60 * 60,
  message: communityMessages.tooMany,
};

interface NewRequest {
  kind: CommunityRequestKind;
  name: string;
  email: string;
  interest: string;
  message: string;
  website?: string | undefined;
}

/** Stores the request and queues its emails together; a filled honeypot is thanked and ignored. */
const submit = async (deps: Deps, request: NewRequest, clientAddress: string) => {
  await deps.rateLimiter.hit(perAddressRule, clientAddress);
  if (request.website) return;
  await deps.rateLimiter.hit(perRecipientRule, request.email);
  await deps.db.transaction(async (tx) => {
    const row = await repository.insert(tx, {
      kind: request.kind,
      name: request.name,
      email: request.email,
      interest: request.interest,
      message: request.message,
    });
    await deps.queue.send(COMMUNITY_EMAILS_JOB, { id: row.id }, {}, tx);
  });
};

export const submitJoinRequest = (deps: Deps, input: z.output<typeof joinRequest>, clientAddress: string) =>
  submit(deps, { kind: 'join', ...input, interest: input.audience }, clientAddress);

export const submitVolunteerRequest = (
  deps: Deps,
  input: z.output<typeof volunteerRequest>,
  clientAddress: string,
) => submit(deps, { kind: 'volunteer', ...input, interest: input.areaOfInterest }, clientAddress);

const interestLabel = (row: repository.CommunityRequestRow) =>
  (row.kind === 'join' ? joinAudiences : volunteerAreas).find((option) => option.value === row.interest)
    ?.label ?? row.interest;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export const teamEmail = (row: repository.CommunityRequestRow, teamAddress: string): MailMessage => ({
  to: teamAddress,
  subject:
    row.kind === 'join'
      ? `New member: ${oneLine(row.name)} (${interestLabel(row)})`
      : `New volunteer: ${oneLine(row.name)} (${interestLabel(row)})`,
  headers: { 'Reply-To': row.email },
  text: [
    `From: ${row.name} <${row.email}>`,
    `${row.kind === 'join' ? 'Joining as' : 'Would like to help with'}: ${interestLabel(row)}`,
    `Received: ${row.createdAt.toISOString()}`,
    '',
    row.message || '(no message)',
  ].join('\n'),
});

/** The acknowledgement never repeats the message, so the form cannot carry text to strangers. */
export const acknowledgementEmail = (row: repository.CommunityRequestRow): MailMessage =>
  row.kind === 'join'
    ? {
        to: row.email,
        subject: 'Welcome to the Pilgrim Soul community',
        text: [
          `Dear ${oneLine(row.name)},`,
          '',
          `Thank you for joining Pilgrim Soul as one of our ${interestLabel(row)}. We are glad you found us.`,
          'Someone from our team will be in touch soon with ways to take part: Soul Circles, shared meals, stories and more.',
          '',
          'With warm wishes for the road,',
          'The Pilgrim Soul team',
        ].join('\n'),
      }
    : {
        to: row.email,
        subject: 'Thank you for offering to volunteer',
        text: [
          `Dear ${oneLine(row.name)},`,
          '',
          `Thank you for offering your time to Pilgrim Soul (${interestLabel(row)}).`,
          'Someone from our team will be in touch within a week to talk about where you might fit and what it would involve.',
          '',
          'With warm wishes for the road,',
          'The Pilgrim Soul team',
        ].join('\n'),
      };

/** The job: safe to run twice, since a request already emailed is skipped. */
export const sendCommunityEmails = async (deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, id: string) => {
  const row = await repository.findById(deps.db, id);
  if (!row || row.emailedAt) return;
  await deps.mailer.send(teamEmail(row, deps.config.TEAM_EMAIL));
  await deps.mailer.send(acknowledgementEmail(row));
  await repository.markEmailed(deps.db, id);
};

const toItem = (row: repository.CommunityRequestRow): CommunityRequestItem => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  interest: row.interest,
  message: row.message,
  handled: row.handled,
  createdAt: row.createdAt.toISOString(),
});

/** For the admin console: join and volunteer requests, newest first. */
export const listCommunityRequests = async (
  db: AppDeps['db'],
  options: { kind?: CommunityRequestKind; limit?: number; offset?: number } = {},
): Promise<CommunityRequestItem[]> =>
  (
    await repository.list(db, {
      ...(options.kind ? { kind: options.kind } : {}),
      limit: Math.min(options.limit ?? 100, 500),
      offset: options.offset ?? 0,
    })
  ).map(toItem);

/** For the admin console's handled flag; an unknown id is NotFound. */
export const setCommunityRequestHandled = async (
  db: AppDeps['db'],
  id: string,
  handled: boolean,
): Promise<CommunityRequestItem> => {
  const row = z.uuid().safeParse(id).success ? await repository.setHandled(db, id, handled) : null;
  if (!row) throw new NotFound('Request not found');
  return toItem(row);
};

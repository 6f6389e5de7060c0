import type { z } from 'zod';
import {
  joinAudiences,
  type joinRequest,
  volunteerAreas,
  type volunteerRequest,
} from '#contract/community.ts';
import { type Mailbox, oneLine } from './mailbox.ts';
import {
  type CommunityRequestRow,
  communityRequestRepository,
  type NewCommunityRequest,
} from './repository.ts';

const interestLabel = (row: CommunityRequestRow) =>
  (row.kind === 'join' ? joinAudiences : volunteerAreas).find((option) => option.value === row.interest)
    ?.label ?? row.interest;

/** Join-us and volunteer requests. */
export const communityMailbox: Mailbox<CommunityRequestRow, NewCommunityRequest> = {
  job: 'community-emails',
  perRecipientRule: 'community:email',
  notFound: 'Request not found',
  repository: communityRequestRepository,

  teamEmail: (row, teamAddress) => ({
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
  }),

  acknowledgementEmail: (row) =>
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
        },
};

export const joinRequestOf = ({ website, audience, ...input }: z.output<typeof joinRequest>) => ({
  message: { kind: 'join' as const, ...input, interest: audience },
  honeypot: website,
});

export const volunteerRequestOf = ({
  website,
  areaOfInterest,
  ...input
}: z.output<typeof volunteerRequest>) => ({
  message: { kind: 'volunteer' as const, ...input, interest: areaOfInterest },
  honeypot: website,
});

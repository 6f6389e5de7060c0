import type { z } from 'zod';
import {
  type ContactKind,
  type contactRequest,
  inquiryTypeLabel,
  REPLY_PROMISE_HOURS,
} from '#contract/contact.ts';
import { type Mailbox, oneLine } from './mailbox.ts';
import { type ContactMessageRow, contactMessageRepository, type NewContactMessage } from './repository.ts';

/** Messages from the simple contact form and the /inquire form. */
export const contactMailbox: Mailbox<ContactMessageRow, NewContactMessage> = {
  job: 'contact-emails',
  perRecipientRule: 'contact:email',
  notFound: 'Message not found',
  repository: contactMessageRepository,

  teamEmail: (row, teamAddress) => {
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
  },

  acknowledgementEmail: (row) => ({
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
  }),
};

/** Takes either shape of POST /api/contact/: a full name or reasons make it an inquiry. */
export const contactMessageOf = (input: z.output<typeof contactRequest>) => {
  const kind: ContactKind = input.fullName !== undefined || input.inquiryTypes ? 'inquiry' : 'contact';
  return {
    message: {
      kind,
      name: (input.fullName ?? input.name)!,
      email: input.email,
      message: input.message,
      inquiryTypes: [...new Set(input.inquiryTypes ?? [])],
    },
    honeypot: input.website,
  };
};

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise each message is written to the outbox folder
 * (a raw .eml beside a .json summary) and logged, so nothing needs a mail server to run.
 */
export const createMailer = (options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer => {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'email sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}`;
      await writeFile(path.join(options.outboxDir, `${name}.eml`), info.message as Buffer);
      await writeFile(
        path.join(options.outboxDir, `${name}.json`),
        JSON.stringify({ from: options.from, ...message }, null, 2),
      );
      options.logger.info(
        { to: message.to, subject: message.subject, file: `${name}.eml` },
        'email written to outbox',
      );
    },
  };
};

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { signUp } from '#test/users.ts';
import { waitFor } from '#test/wait-for.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a link out of the message. */
const decodeQuotedPrintable = (value: string) =>
  value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe(`password reset over real SMTP on ${process.env.TEST_DB}`, () => {
  let testApp: TestApp;
  let smtp: SMTPServer;
  const received: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await testApp.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the reset email over SMTP, and its link resets the password', async () => {
    const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, payload });
    const user = { username: 'smtp_walker', email: 'smtp.walker@example.com', password: 'original-pass' };
    await signUp(testApp, user);
    expect((await post('/api/password/reset-request/', { email: user.email })).statusCode).toBe(200);

    const [message] = await waitFor(
      () => received,
      (messages) => messages.length > 0,
    );
    expect(message?.to).toEqual([user.email]);
    expect(message?.from).toBe('hello@pilgrimsoul.local');
    const body = decodeQuotedPrintable(message!.raw);
    expect(body).toContain('Subject: Reset your Pilgrim Soul password');
    const link = /http:\/\/localhost:3000(\/reset-password\/([A-Za-z0-9_-]+))/.exec(body);
    expect(link).not.toBeNull();
    const token = link![2]!;

    expect((await post('/api/password/verify-token/', { token })).json()).toEqual({ valid: true });
    expect((await post('/api/password/reset/', { token, password: 'after-smtp-pass' })).statusCode).toBe(200);
    expect((await post('/api/login/', { email: user.email, password: 'after-smtp-pass' })).statusCode).toBe(
      200,
    );
    expect(await testApp.outbox()).toEqual([]);
  });
});

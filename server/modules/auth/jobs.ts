import type { AppDeps } from '#server/deps.ts';
import { escapeHtml } from '#server/http/escape-html.ts';
import { type AnyJobDefinition, defineJob } from '#server/jobs/queue.ts';
import { SEND_SIGN_IN_WARNING_JOB } from './limits.ts';
import { type AuthService, findUserForMail, SEND_PASSWORD_RESET_JOB } from './service.ts';

export const passwordResetEmail = (name: string, link: string, ttlMinutes: number) => {
  const validity =
    ttlMinutes % 60 === 0
      ? `${ttlMinutes / 60} hour${ttlMinutes === 60 ? '' : 's'}`
      : `${ttlMinutes} minutes`;
  return {
    subject: 'Reset your Pilgrim Soul password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your Pilgrim Soul account. To choose a new one, open this link:',
      '',
      link,
      '',
      `The link works once and for ${validity}. If you did not ask for it, you can ignore this email: your password stays as it is.`,
      '',
      'Buen camino,',
      'Pilgrim Soul',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your Pilgrim Soul account. To choose a new one, open this link:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p>The link works once and for ${validity}. If you did not ask for it, you can ignore this email: your password stays as it is.</p>
<p>Buen camino,<br>Pilgrim Soul</p>`,
  };
};

/** Sent once when an account's failed sign-ins reach their ceiling (server/modules/auth/limits.ts). */
export const signInWarningEmail = (name: string, signInLink: string) => ({
  subject: 'Many wrong passwords were tried on your Pilgrim Soul account',
  text: [
    `Hello ${name},`,
    '',
    'Many wrong passwords have been tried on your Pilgrim Soul account recently. To protect it, we now turn away further attempts from the places they came from.',
    '',
    'You can still sign in as usual from your own device. If these attempts were not yours and your password is one you use elsewhere, choose a new one: on the sign-in page, follow "Forgot Password?".',
    '',
    signInLink,
    '',
    'Buen camino,',
    'Pilgrim Soul',
  ].join('\n'),
  html: `<p>Hello ${escapeHtml(name)},</p>
<p>Many wrong passwords have been tried on your Pilgrim Soul account recently. To protect it, we now turn away further attempts from the places they came from.</p>
<p>You can still sign in as usual from your own device. If these attempts were not yours and your password is one you use elsewhere, choose a new one: on the <a href="${escapeHtml(signInLink)}">sign-in page</a>, follow “Forgot Password?”.</p>
<p>Buen camino,<br>Pilgrim Soul</p>`,
});

/** Each run mints a new link, so a retried job sends a working link and retires the earlier one. */
export const authJobs = (deps: AppDeps, service: AuthService): AnyJobDefinition[] => [
  defineJob<{ userId: string }>({
    name: SEND_PASSWORD_RESET_JOB,
    handle: async ({ userId }) => {
      const user = await findUserForMail(deps, userId);
      if (!user) return;
      const link = await service.createResetLink(user.id);
      const email = passwordResetEmail(
        user.firstName || user.username,
        link,
        deps.config.PASSWORD_RESET_TTL_MINUTES,
      );
      await deps.mailer.send({ to: user.email, ...email });
    },
  }),
  defineJob<{ userId: string }>({
    name: SEND_SIGN_IN_WARNING_JOB,
    handle: async ({ userId }) => {
      const user = await findUserForMail(deps, userId);
      if (!user) return;
      const signInLink = new URL('/login', deps.config.PUBLIC_URL).toString();
      await deps.mailer.send({
        to: user.email,
        ...signInWarningEmail(user.firstName || user.username, signInLink),
      });
    },
  }),
];

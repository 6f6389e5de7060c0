import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBody, okBody } from '#contract/common.ts';
import { joinRequest, volunteerRequest } from '#contract/community.ts';
import { contactRequest } from '#contract/contact.ts';
import type { RouteRateLimitName } from '#server/http/rate-limit-rules.ts';
import type { MessagesService } from './service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

interface Form<Body extends z.ZodType> {
  path: string;
  summary: string;
  body: Body;
  /** Counted for every message, a bot's too; the recipient's limit is the service's, past the honeypot. */
  perAddressRule: RouteRateLimitName;
  submit: (input: z.output<Body>) => Promise<void>;
}

/** Every form answers 201 with `{ ok: true }` once its message is stored, or was a bot's. */
const postForm = <Body extends z.ZodType>(app: App, form: Form<Body>) =>
  app.post(
    form.path,
    {
      config: { rateLimits: [form.perAddressRule] },
      schema: {
        tags: ['community'],
        summary: form.summary,
        body: form.body,
        response: { 201: okBody, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      // The type provider's body type is a condition TypeScript leaves open for a generic schema.
      await form.submit(request.body as z.output<Body>);
      return reply.status(201).send({ ok: true as const });
    },
  );

export const messageRoutes =
  (service: MessagesService): FastifyPluginAsyncZod =>
  async (app) => {
    postForm(app, {
      path: '/api/contact/',
      summary: 'Send a message to the team (the simple contact form or the /inquire form)',
      body: contactRequest,
      perAddressRule: 'contact:ip',
      submit: service.submitContactMessage,
    });
    postForm(app, {
      path: '/api/join/',
      summary: 'Join the community as a pilgrim, a soul companion or a teacher or theologian',
      body: joinRequest,
      perAddressRule: 'community:ip',
      submit: service.submitJoinRequest,
    });
    postForm(app, {
      path: '/api/volunteer/',
      summary: 'Offer to volunteer in an area of interest',
      body: volunteerRequest,
      perAddressRule: 'community:ip',
      submit: service.submitVolunteerRequest,
    });
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMe, adminMessages, handledBody, messageKindQuery, requestKindQuery } from '#contract/admin.ts';
import { blogPostInput } from '#contract/blog.ts';
import { blogLimits } from '#contract/blog-terms.ts';
import { errorBody } from '#contract/common.ts';
import { letterInput, letterQueued } from '#contract/newsletter.ts';
import { surveyAggregates } from '#contract/survey.ts';
import type { AppDeps } from '#server/deps.ts';
import { userIdOf } from '#server/http/auth-guard.ts';
import { Invalid, Unauthorized } from '#server/http/errors.ts';
import { receiveForm } from '#server/http/multipart.ts';
import { findUserById } from '#server/identity/users.ts';
import { adminBlogPost, type BlogService } from '../blog/index.ts';
import { adminDonation, type DonationsService } from '../donations/index.ts';
import { communityRequestItem, contactMessageItem, type MessagesService } from '../messages/index.ts';
import { type NewsletterService, subscriber } from '../newsletter/index.ts';
import { adminOrder, type StoreService } from '../store/index.ts';
import { type SurveyService, surveyResponseItem } from '../survey/index.ts';
import { toCsv } from './csv.ts';
import { surveyCsv } from './survey-csv.ts';

const postId = z.object({ id: z.string().max(100) });
const itemId = z.object({ id: z.string().max(100) });
const guarded = { 401: errorBody, 403: errorBody };
const security = [{ bearer: [] }];

const sendCsv = (
  reply: {
    header(name: string, value: string): unknown;
    type(value: string): unknown;
    send(body: string): unknown;
  },
  name: string,
  csv: string,
) => {
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.type('text/csv; charset=utf-8');
  return reply.send(csv);
};

export interface AdminServices {
  blog: BlogService;
  messages: MessagesService;
  newsletter: NewsletterService;
  survey: SurveyService;
  donations: Pick<DonationsService, 'listDonations'>;
  store: Pick<StoreService, 'listOrders'>;
}

/** Everything under /api/admin/: one hook checks the caller's role in the database on every call. */
export const adminRoutes =
  (deps: AppDeps, services: AdminServices): FastifyPluginAsyncZod =>
  async (app) => {
    // onRequest, before the body is parsed or validated: nobody learns anything about the API without the role.
    app.addHook('onRequest', deps.auth.admin);

    app.get(
      '/api/admin/me/',
      {
        schema: {
          tags: ['admin'],
          summary: 'The signed-in admin',
          security,
          response: { 200: adminMe, ...guarded },
        },
      },
      async (request) => {
        const user = await findUserById(deps.db, userIdOf(request));
        if (!user) throw new Unauthorized();
        return { email: user.email, username: user.username };
      },
    );

    app.get(
      '/api/admin/posts/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every post, drafts included, last edited first',
          security,
          response: { 200: z.array(adminBlogPost), ...guarded },
        },
      },
      async () => services.blog.listAllPosts(),
    );

    app.post(
      '/api/admin/posts/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Write a new post (a draft until published)',
          security,
          body: blogPostInput,
          response: { 201: adminBlogPost, 400: errorBody, ...guarded },
        },
      },
      async (request, reply) => reply.status(201).send(await services.blog.createPost(request.body)),
    );

    app.get(
      '/api/admin/posts/:id/',
      {
        schema: {
          tags: ['admin'],
          summary: 'One post, draft or published',
          security,
          params: postId,
          response: { 200: adminBlogPost, 404: errorBody, ...guarded },
        },
      },
      async (request) => services.blog.getPostForAdmin(request.params.id),
    );

    app.put(
      '/api/admin/posts/:id/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Edit a post',
          security,
          params: postId,
          body: blogPostInput,
          response: { 200: adminBlogPost, 400: errorBody, 404: errorBody, ...guarded },
        },
      },
      async (request) => services.blog.updatePost(request.params.id, request.body),
    );

    for (const [action, change] of [
      ['publish', services.blog.publishPost],
      ['unpublish', services.blog.unpublishPost],
    ] as const) {
      app.post(
        `/api/admin/posts/:id/${action}/`,
        {
          schema: {
            tags: ['admin'],
            summary: action === 'publish' ? 'Publish a post now' : 'Take a post back to drafts',
            security,
            params: postId,
            body: z.object({}).nullish(),
            response: { 200: adminBlogPost, 404: errorBody, ...guarded },
          },
        },
        async (request) => change(request.params.id),
      );
    }

    app.post(
      '/api/admin/posts/:id/cover/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Replace the cover image (multipart field `cover`; checked by decoding it)',
          security,
          consumes: ['multipart/form-data'],
          params: postId,
          response: {
            200: adminBlogPost,
            400: errorBody,
            404: errorBody,
            413: errorBody,
            415: errorBody,
            ...guarded,
          },
        },
      },
      async (request) => {
        const form = await receiveForm(request, {
          fileField: 'cover',
          maxBytes: blogLimits.coverBytes,
          tooLargeMessage: adminMessages.coverTooLarge,
          incompleteMessage: adminMessages.coverIncomplete,
          temporaryDir: deps.config.temporaryDir,
          uploadBytes: deps.metrics.uploadBytes,
        });
        try {
          if (!form.file) throw new Invalid(adminMessages.coverMissing, 'cover');
          return await services.blog.setCover(request.params.id, form.file);
        } finally {
          await form.discard();
        }
      },
    );

    app.get(
      '/api/admin/subscribers/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Newsletter subscribers, oldest first',
          security,
          response: { 200: z.array(subscriber), ...guarded },
        },
      },
      async () => services.newsletter.listSubscribers(),
    );

    app.get(
      '/api/admin/subscribers/export.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'Newsletter subscribers as CSV',
          security,
          produces: ['text/csv'],
        },
      },
      async (_request, reply) =>
        sendCsv(
          reply,
          'subscribers.csv',
          toCsv(await services.newsletter.listSubscribers(), [
            { header: 'email', value: (row) => row.email },
            { header: 'status', value: (row) => row.status },
            { header: 'subscribed_at', value: (row) => row.subscribed_at },
            { header: 'confirmed_at', value: (row) => row.confirmed_at },
            { header: 'unsubscribed_at', value: (row) => row.unsubscribed_at },
          ]),
        ),
    );

    app.post(
      '/api/admin/newsletter/letters/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Send a letter to every confirmed subscriber (queued, one email each)',
          security,
          body: letterInput,
          response: { 202: letterQueued, 400: errorBody, ...guarded },
        },
      },
      async (request, reply) => reply.status(202).send(await services.newsletter.queueLetter(request.body)),
    );

    app.get(
      '/api/admin/messages/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Contact and inquiry messages, newest first',
          security,
          querystring: messageKindQuery,
          response: { 200: z.array(contactMessageItem), ...guarded },
        },
      },
      async (request) =>
        services.messages.listContactMessages(
          request.query.kind ? { kind: request.query.kind, limit: 500 } : { limit: 500 },
        ),
    );

    app.post(
      '/api/admin/messages/:id/handled/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Mark a message handled or not',
          security,
          params: itemId,
          body: handledBody,
          response: { 200: contactMessageItem, 400: errorBody, 404: errorBody, ...guarded },
        },
      },
      async (request) => services.messages.setContactMessageHandled(request.params.id, request.body.handled),
    );

    app.get(
      '/api/admin/requests/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Join and volunteer requests, newest first',
          security,
          querystring: requestKindQuery,
          response: { 200: z.array(communityRequestItem), ...guarded },
        },
      },
      async (request) =>
        services.messages.listCommunityRequests(
          request.query.kind ? { kind: request.query.kind, limit: 500 } : { limit: 500 },
        ),
    );

    app.post(
      '/api/admin/requests/:id/handled/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Mark a join or volunteer request handled or not',
          security,
          params: itemId,
          body: handledBody,
          response: { 200: communityRequestItem, 400: errorBody, 404: errorBody, ...guarded },
        },
      },
      async (request) =>
        services.messages.setCommunityRequestHandled(request.params.id, request.body.handled),
    );

    app.get(
      '/api/admin/survey/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Survey results for the charts: averages, yes/no shares, stages and age ranges',
          security,
          response: { 200: surveyAggregates, ...guarded },
        },
      },
      async () => services.survey.surveyAggregates(),
    );

    app.get(
      '/api/admin/survey/responses/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every survey response',
          security,
          response: { 200: z.array(surveyResponseItem), ...guarded },
        },
      },
      async () => services.survey.listSurveyResponses({ limit: 10_000 }),
    );

    app.get(
      '/api/admin/survey/export.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every survey response as CSV',
          security,
          produces: ['text/csv'],
        },
      },
      async (_request, reply) =>
        sendCsv(
          reply,
          'survey-responses.csv',
          surveyCsv(await services.survey.listSurveyResponses({ limit: 10_000 })),
        ),
    );

    app.get(
      '/api/admin/donations/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Payments of gifts, newest first (read-only)',
          security,
          response: { 200: z.array(adminDonation), ...guarded },
        },
      },
      async () => services.donations.listDonations(),
    );

    app.get(
      '/api/admin/orders/',
      {
        schema: {
          tags: ['admin'],
          summary: 'Store orders, newest first (read-only)',
          security,
          response: { 200: z.array(adminOrder), ...guarded },
        },
      },
      async () => services.store.listOrders(),
    );
  };

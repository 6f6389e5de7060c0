import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#contract/common.ts';
import { giftView, manageTokenParams, portalResponse } from '#contract/donations.ts';
import type { AppDeps } from '#server/deps.ts';
import { limit } from '#server/http/rate-limit-rules.ts';
import type { DonationsService } from './service.ts';

export const donationRoutes =
  (deps: AppDeps, service: DonationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/donations/manage/:token/',
      {
        schema: {
          tags: ['donations'],
          summary: 'A gift and its payments, by the signed link in its receipt',
          params: manageTokenParams,
          response: { 200: giftView, 404: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        await limit(deps, 'donations:manage', request.ip);
        return service.viewGift(request.params.token);
      },
    );

    app.post(
      '/api/donations/manage/:token/cancel/',
      {
        schema: {
          tags: ['donations'],
          summary: 'Cancel a monthly or yearly gift, by the signed link in its receipt',
          params: manageTokenParams,
          response: { 200: giftView, 400: errorBody, 404: errorBody, 429: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        await limit(deps, 'donations:manage', request.ip);
        return service.cancelGift(request.params.token);
      },
    );

    app.post(
      '/api/donations/manage/:token/portal/',
      {
        schema: {
          tags: ['donations'],
          summary: 'A Stripe customer portal session to change the card of a recurring gift',
          params: manageTokenParams,
          response: { 200: portalResponse, 400: errorBody, 404: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        await limit(deps, 'donations:manage', request.ip);
        return service.customerPortal(request.params.token);
      },
    );
  };

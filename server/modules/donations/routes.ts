import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#contract/common.ts';
import { giftView, manageTokenParams, portalResponse } from '#contract/donations.ts';
import type { DonationsService } from './service.ts';

export const donationRoutes =
  (service: DonationsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/donations/manage/:token/',
      {
        config: { rateLimits: ['donations:manage'] },
        schema: {
          tags: ['donations'],
          summary: 'A gift and its payments, by the signed link in its receipt',
          params: manageTokenParams,
          response: { 200: giftView, 404: errorBody, 429: errorBody },
        },
      },
      async (request) => service.viewGift(request.params.token),
    );

    app.post(
      '/api/donations/manage/:token/cancel/',
      {
        config: { rateLimits: ['donations:manage'] },
        schema: {
          tags: ['donations'],
          summary: 'Cancel a monthly or yearly gift, by the signed link in its receipt',
          params: manageTokenParams,
          response: { 200: giftView, 400: errorBody, 404: errorBody, 429: errorBody, 503: errorBody },
        },
      },
      async (request) => service.cancelGift(request.params.token),
    );

    app.post(
      '/api/donations/manage/:token/portal/',
      {
        config: { rateLimits: ['donations:manage'] },
        schema: {
          tags: ['donations'],
          summary: 'A Stripe customer portal session to change the card of a recurring gift',
          params: manageTokenParams,
          response: { 200: portalResponse, 400: errorBody, 404: errorBody, 429: errorBody },
        },
      },
      async (request) => service.customerPortal(request.params.token),
    );
  };

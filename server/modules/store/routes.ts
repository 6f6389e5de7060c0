import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#contract/common.ts';
import { createOrderBody, productList, storeProducts } from '#contract/store.ts';
import { getFixed } from '#server/http/caching.ts';
import { createdOrder, orderSummary } from './schemas.ts';
import type { StoreService } from './service.ts';

/** The store's items as its page lists them. */
const products = storeProducts.map((product) => ({
  id: product.id,
  title: product.title,
  price: product.priceLabel,
  priceCents: product.priceCents,
  sizes: [...product.sizes],
  link: '/store/order',
}));

export const storeRoutes =
  (service: StoreService): FastifyPluginAsyncZod =>
  async (app) => {
    getFixed(app, '/api/store/products/', products, {
      tags: ['store'],
      summary: 'The three items of the store and their prices in US dollars',
      response: { 200: productList },
    });

    app.post(
      '/api/store/orders/',
      {
        config: { rateLimits: ['store:order'] },
        schema: {
          tags: ['store'],
          summary: 'Place an order: priced by the server in US cents and paid through the payment provider',
          body: createOrderBody,
          response: {
            201: createdOrder,
            400: errorBody,
            409: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await service.placeOrder(request.body)),
    );

    app.get(
      '/api/store/orders/:id/',
      {
        schema: {
          tags: ['store'],
          summary: 'What was ordered and whether it is paid (the order id is known only to its buyer)',
          params: z.object({ id: z.string().max(100) }),
          response: { 200: orderSummary, 404: errorBody },
        },
      },
      async (request) => service.orderSummary(request.params.id),
    );
  };

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, as Stripe would see it. */
export interface StripeRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  /** What the fake answered. */
  response?: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const metadataOf = (params: URLSearchParams) => {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
};

/**
 * A local server speaking Stripe's wire format (form-encoded requests, JSON objects and errors,
 * idempotent replays) for the few calls the app makes. Stripe itself is not reachable here.
 */
export const startFakeStripe = async () => {
  const requests: StripeRequest[] = [];
  const replays = new Map<string, { status: number; body: Json }>();
  const prices = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const state = { failNext: 0 };

  const handle = (method: string, path: string, params: URLSearchParams): { status: number; body: Json } => {
    if (method === 'POST' && path === '/v1/customers')
      return {
        status: 200,
        body: { id: id('cus'), object: 'customer', email: params.get('email'), metadata: metadataOf(params) },
      };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      return {
        status: 200,
        body: {
          id: intentId,
          object: 'payment_intent',
          amount: Number(params.get('amount')),
          amount_received: 0,
          currency: params.get('currency'),
          customer: params.get('customer'),
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          status: 'requires_payment_method',
          metadata: metadataOf(params),
        },
      };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const key = params.get('lookup_keys[0]') ?? '';
      const found = prices.get(key);
      return {
        status: 200,
        body: { object: 'list', url: '/v1/prices', has_more: false, data: found ? [found] : [] },
      };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        currency: params.get('currency'),
        unit_amount: Number(params.get('unit_amount')),
        recurring: { interval: params.get('recurring[interval]') },
        lookup_key: params.get('lookup_key'),
      };
      prices.set(String(price.lookup_key), price);
      return { status: 200, body: price };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const subscriptionId = id('sub');
      const intentId = id('pi');
      const subscription = {
        id: subscriptionId,
        object: 'subscription',
        customer: params.get('customer'),
        status: 'incomplete',
        metadata: metadataOf(params),
        items: { object: 'list', data: [{ price: params.get('items[0][price]') }] },
        latest_invoice: {
          id: id('in'),
          object: 'invoice',
          status: 'open',
          confirmation_secret: {
            client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
            type: 'payment_intent',
          },
        },
      };
      subscriptions.set(subscriptionId, subscription);
      return { status: 200, body: subscription };
    }
    const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && cancel) {
      const subscription = subscriptions.get(cancel[1]!);
      if (!subscription)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: `No such subscription: '${cancel[1]}'` } },
        };
      subscription.status = 'canceled';
      subscription.canceled_at = now();
      return { status: 200, body: subscription };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions')
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: params.get('customer'),
          return_url: params.get('return_url'),
          url: `https://billing.stripe.com/p/session/${randomBytes(8).toString('hex')}`,
        },
      };
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await readBody(request);
    const params = method(request) === 'GET' ? url.searchParams : new URLSearchParams(body);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const entry: StripeRequest = { method: method(request), path: url.pathname, params, idempotencyKey };
    requests.push(entry);
    let result: { status: number; body: Json };
    if (state.failNext > 0) {
      state.failNext--;
      result = {
        status: 500,
        body: { error: { type: 'api_error', message: 'Something went wrong at Stripe.' } },
      };
    } else if (idempotencyKey && replays.has(idempotencyKey)) {
      result = replays.get(idempotencyKey)!;
    } else {
      result = handle(method(request), url.pathname, params);
      if (idempotencyKey && method(request) !== 'GET') replays.set(idempotencyKey, result);
    }
    entry.response = result.body;
    response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next n requests answer with Stripe's 500 error. */
    failNext: (count: number) => {
      state.failNext = count;
    },
    calls: (verb: string, path: string) =>
      requests.filter((entry) => entry.method === verb && entry.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const method = (request: IncomingMessage) => request.method ?? 'GET';

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

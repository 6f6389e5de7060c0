import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { renderMetaTags } from './http/page-meta.ts';
import { registerMediaRoutes } from './media/routes.ts';
import { featureModules } from './modules/index.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const builtInAssets = path.join(projectRoot, 'assets/public');

const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  },
};

/** Stripe.js runs only on the pages that take a card, and only when Stripe is configured. */
const stripePages = new Set(['/donate', '/store/order']);
const stripePagePolicy = Object.entries({
  ...contentSecurityPolicy.directives,
  scriptSrc: [...contentSecurityPolicy.directives.scriptSrc, 'https://js.stripe.com'],
  frameSrc: [
    ...contentSecurityPolicy.directives.frameSrc,
    'https://js.stripe.com',
    'https://hooks.stripe.com',
  ],
  connectSrc: [...contentSecurityPolicy.directives.connectSrc, 'https://api.stripe.com'],
})
  .map(
    ([name, values]) =>
      `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`,
  )
  .join('; ');

/** The one entry point: production and tests build the same app from the same deps. */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('userId', null);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 10_000, parts: 12, fileSize: 300 * 1024 * 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pilgrim Soul API',
        version: '1.0.0',
        description: 'Soul Stories, the Vela companion, accounts, giving and the community of Pilgrim Soul.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(scalar, {
    routePrefix: '/api/docs',
    configuration: { url: '/api/openapi.json', theme: 'default' },
    hooks: {
      onRequest: async (_request, reply) => {
        // The reference page renders with an inline script; it alone gets the looser policy.
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:",
        );
      },
    },
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ready' };
    } catch (error) {
      deps.logger.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ error: 'The database is not reachable.' });
    }
  });

  registerMediaRoutes(app, deps);
  for (const feature of featureModules) {
    if (feature.routes) await app.register(feature.routes(deps));
  }

  await registerWebApp(app, deps);
  return app;
};

/** Serves the built React app and the public media assets; an operator's ASSETS_DIR overrides the built-in files. */
const registerWebApp = async (app: FastifyInstance, deps: AppDeps) => {
  const webDist = path.resolve(projectRoot, deps.config.WEB_DIST_DIR);
  const assetRoots = [deps.config.ASSETS_DIR, builtInAssets].filter((root): root is string => Boolean(root));
  await app.register(fastifyStatic, {
    root: assetRoots,
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
  });
  const built = existsSync(`${webDist}/index.html`);
  if (!built) deps.logger.warn('the web app is not built: run `npm run build`');
  else
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders: (response, filePath) => {
        if (filePath.includes('/assets/'))
          response.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  const indexHtml = built ? readFileSync(`${webDist}/index.html`, 'utf8') : null;
  const defaultTitle = /<title>.*<\/title>/;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !/^\/(api|media|static)\//.test(pathname);
    if (!isPage || !indexHtml) {
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${pathname}` });
    }
    if (deps.config.payments === 'stripe' && stripePages.has(pathname.toLowerCase().replace(/\/$/, '')))
      reply.header('content-security-policy', stripePagePolicy);
    const meta = await deps.pageMeta.resolve(pathname);
    const html = meta
      ? indexHtml.replace(defaultTitle, renderMetaTags(meta, deps.config.PUBLIC_URL, pathname))
      : indexHtml;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
};

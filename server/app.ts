import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { registerBodyParsers } from './http/body-parsers.ts';
import { publicRead, registerCaching } from './http/caching.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerEventStreams } from './http/event-stream.ts';
import { registerHealthProbes } from './http/health-probes.ts';
import { registerRequestMetrics } from './http/metrics.ts';
import { finishOpenApiDocument } from './http/openapi.ts';
import { isPagePath, pagePathConstraint, renderMetaTags } from './http/page-meta.ts';
import { carriesSignedInHint, loadPageShells } from './http/page-shells.ts';
import { RequestLog } from './http/request-log.ts';
import { registerRouteRateLimits } from './http/route-rate-limits.ts';
import { policyHeader, registerSecurityHeaders } from './http/security-headers.ts';
import { registerSitePages } from './http/site-pages.ts';
import { registerTextHygiene } from './http/text-hygiene.ts';
import { registerMediaRoutes } from './media/routes.ts';
import type { Runtime } from './runtime.ts';
import { recordRequestContext } from './work-context.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const builtInAssets = path.join(projectRoot, 'assets/public');

const contentSecurityPolicy = {
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
};

/** Stripe.js runs only on the pages that take a card, and only when Stripe is configured. */
const stripePages = new Set(['/donate', '/store/order']);
const stripePagePolicy = policyHeader({
  ...contentSecurityPolicy,
  scriptSrc: [...contentSecurityPolicy.scriptSrc, 'https://js.stripe.com'],
  frameSrc: [...contentSecurityPolicy.frameSrc, 'https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: [...contentSecurityPolicy.connectSrc, 'https://api.stripe.com'],
});

/** The one entry point: production and tests build the same app from the same deps. */
export const buildApp = async (deps: Runtime): Promise<FastifyInstance> => {
  const proxies = deps.config.TRUST_PROXY;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    // request.ip, which every rate limit and log line uses, is the socket's peer unless TRUST_PROXY names
    // the proxies in front (Fastify reads a bare number as "trust no one", so a hop count is a function).
    trustProxy: typeof proxies === 'number' ? (_address: string, hop: number) => hop < proxies : proxies,
    genReqId: () => crypto.randomUUID(),
    logController: new RequestLog(deps.config),
    routerOptions: { ignoreTrailingSlash: false },
    // The whole site registers as one plugin, so Fastify's 10 s default for a plugin would be the time
    // to build everything; on a busy 2-core machine that is not a sign of a hung plugin.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionId', null);
  // The first hook of all, so that whatever the others and the handler start runs in the request's context.
  recordRequestContext(app);
  registerErrorHandler(app);
  registerRequestMetrics(app, deps.metrics);
  registerEventStreams(app);
  registerHealthProbes(app, deps);
  // Everything else lives in one encapsulated context, so its hooks (security headers, CORS, caching,
  // compression, text hygiene) run for the site and the API but not for the probes above.
  await app.register(async (site) => registerSite(site, deps));
  return app;
};

/** The API, the media and the web app, with the hooks every one of their answers goes through. */
const registerSite = async (app: FastifyInstance, deps: Runtime) => {
  registerBodyParsers(app);
  // Before any route: a route's `config.rateLimits` are counted after its own preHandlers (its auth guard).
  registerRouteRateLimits(app, deps);
  registerTextHygiene(app);
  registerCaching(app);
  await registerCompression(app);
  // An answer given before the body was read (refused sign-in, an upload over its limit) closes the
  // connection, so the client's next request does not land in the middle of the unread body.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });

  registerSecurityHeaders(app, contentSecurityPolicy);
  // Existing clients call the API from pages on other origins (spec §7's "main API host"). They send
  // a bearer token, never cookies, so credentials stay off and only the named origins are answered.
  // Both answers are made once: the delegator runs for every request.
  const corsOptions = (origin: boolean) => ({
    origin,
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The tus headers, so a page elsewhere can send resumable uploads and read where they stand.
    allowedHeaders: [
      'authorization',
      'content-type',
      'tus-resumable',
      'upload-length',
      'upload-defer-length',
      'upload-metadata',
      'upload-offset',
    ],
    exposedHeaders: [
      'location',
      'tus-resumable',
      'upload-offset',
      'upload-length',
      'upload-expires',
      'upload-item-id',
      'tus-version',
      'tus-extension',
      'tus-max-size',
    ],
    maxAge: 600,
  });
  const allowedOrigin = corsOptions(true);
  const otherOrigin = corsOptions(false);
  await app.register(cors, {
    delegator: (request, callback) =>
      callback(
        null,
        request.url.startsWith('/api/') && deps.config.CORS_ORIGINS.includes(request.headers.origin ?? '')
          ? allowedOrigin
          : otherOrigin,
      ),
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
      servers: [{ url: deps.config.PUBLIC_URL }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: finishOpenApiDocument,
  });

  app.get('/api/openapi.json', { ...publicRead(60), schema: { hide: true } }, async () => app.swagger());
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

  registerMediaRoutes(app, deps);
  for (const feature of deps.features) {
    if (feature.routes) await app.register(feature.routes);
  }

  registerSitePages(app, deps);
  await registerWebApp(app, deps);
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
      // `npm run build` writes .br and .gz beside each file; the one the browser accepts is sent.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (response, filePath) => {
        if (filePath.includes('/assets/'))
          response.header('cache-control', 'public, max-age=31536000, immutable');
        // The browser asks for the service worker on every visit, so a new deployment is found at once.
        // (filePath is the variant sent: sw.js.br or sw.js.gz when the browser takes one.)
        else if (path.basename(filePath).replace(/\.(br|gz)$/, '') === 'sw.js')
          response.header('cache-control', 'no-cache');
      },
    });
  const indexHtml = built ? readFileSync(`${webDist}/index.html`, 'utf8') : null;
  const defaultTitle = /<title>.*<\/title>/;
  const fillPageShell = loadPageShells(webDist, deps);

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(pathname);
    if (!isPage || !indexHtml) {
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${pathname}` });
    }
    if (deps.config.payments === 'stripe' && stripePages.has(pathname.toLowerCase().replace(/\/$/, '')))
      reply.header('content-security-policy', stripePagePolicy);
    const meta = await deps.pageMeta.resolve(pathname);
    const withMeta = meta
      ? // A function, so that a `$` in a post's title is not read as a replacement pattern.
        indexHtml.replace(defaultTitle, () => renderMetaTags(meta, deps.config.PUBLIC_URL, pathname))
      : indexHtml;
    const { html, bySignedInHint } = await fillPageShell(withMeta, pathname, {
      signedIn: carriesSignedInHint(request.headers.cookie),
    });
    if (bySignedInHint) reply.header('vary', 'Cookie');
    return reply.type('text/html; charset=utf-8').send(html);
  };
  // A page is a route, so it is compressed and revalidated (ETag, `no-cache`) like any other answer.
  app.addConstraintStrategy(pagePathConstraint);
  app.get('*', { ...publicRead(0), constraints: { page: true }, schema: { hide: true } }, servePage);
  app.setNotFoundHandler(servePage);
};

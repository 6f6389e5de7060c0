import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './escape-html.ts';
import type { PageRegistry } from './page-registry.ts';

/** What a page shows search engines and link previews: server-rendered into index.html. */
export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
  /** An MP4 the page plays, and its frame's size, so a messaging app can preview it in place. */
  video?: { url: string; width: number; height: number };
  type?: 'website' | 'article' | 'video.other';
  /** The page's one spelling (a path); the requested path when absent. */
  canonical?: string;
  /** `noindex` for pages no search engine should list. */
  robots?: string;
  /** schema.org objects, each written as one JSON-LD script. */
  jsonLd?: Record<string, unknown>[];
}

export type PageMetaRegistry = PageRegistry<PageMeta>;

/** JSON inside a script element: `<` is escaped so no value can close the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

export const SITE_NAME = 'Pilgrim Soul';
/** Previews need a picture: the brand mark when the page has none (512 × 512, so a small card). */
export const SITE_IMAGE = '/static/brand/logo-mark.png';

export const renderMetaTags = (meta: PageMeta, publicUrl: string, pathname: string): string => {
  const absolute = (url: string) => (url.startsWith('http') ? url : new URL(url, publicUrl).toString());
  const url = absolute(meta.canonical ?? pathname);
  const image = absolute(meta.image ?? SITE_IMAGE);
  const tags: [string, string][] = [
    ['og:site_name', SITE_NAME],
    ['og:title', meta.title],
    ['og:type', meta.type ?? 'website'],
    ['og:url', url],
    ['og:image', image],
    ['twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title],
    ['twitter:image', image],
  ];
  if (meta.description) {
    tags.push(['og:description', meta.description], ['twitter:description', meta.description]);
  }
  if (meta.video) {
    const video = absolute(meta.video.url);
    tags.push(['og:video', video]);
    if (video.startsWith('https:')) tags.push(['og:video:secure_url', video]);
    tags.push(
      ['og:video:type', 'video/mp4'],
      ['og:video:width', String(meta.video.width)],
      ['og:video:height', String(meta.video.height)],
    );
  }
  const lines = [`<title>${escapeHtml(meta.title)}</title>`];
  if (meta.description) lines.push(`<meta name="description" content="${escapeHtml(meta.description)}">`);
  if (meta.robots) lines.push(`<meta name="robots" content="${escapeHtml(meta.robots)}">`);
  if (meta.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  for (const [property, content] of tags) {
    const attribute = property.startsWith('twitter:') ? 'name' : 'property';
    lines.push(`<meta ${attribute}="${property}" content="${escapeHtml(content)}">`);
  }
  for (const data of meta.jsonLd ?? [])
    lines.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return lines.join('\n    ');
};

/**
 * Where the app's pages live: every path but the API's, private media's and public assets', and
 * /metrics, which is served on a port of its own and must not look served here.
 */
export const isPagePath = (url: string) => !/^\/((api|media|static)\/|metrics\/?(\?|$))/.test(url);

/**
 * A route constraint, `constraints: { page: true }`, that lets a catch-all page route answer page
 * paths only: /api, /media and /static keep the not-found answer, and Fastify's 414 for an
 * over-long parameter. Routes without it match as before.
 */
export const pagePathConstraint: Parameters<FastifyInstance['addConstraintStrategy']>[0] = {
  name: 'page',
  mustMatchWhenDerived: false,
  storage: () => {
    const handlers = new Map<unknown, unknown>();
    return {
      get: (isPage) => (handlers.get(isPage) ?? null) as never,
      set: (isPage, handler) => {
        handlers.set(isPage, handler);
      },
    };
  },
  deriveConstraint: (request) => isPagePath(request.url ?? '/'),
};

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { FIRST_SCREEN_DATA_ID, type FirstScreenQuery } from '#contract/first-screen-data.ts';
import { SIGNED_IN_HINT_COOKIE } from '#contract/signed-in-hint.ts';
import { scriptJson } from './page-meta.ts';
import type { PageRegistry } from './page-registry.ts';

/**
 * Written by the build beside Vite's manifest (web/page-shells.ts): for each of the router's path
 * patterns, the chunks and styles that page needs beyond what index.html already loads, and for the
 * public pages without parameters, their first screen as HTML.
 */
export const PAGE_SHELLS_FILE = '.vite/page-shells.json';
/**
 * In the web build, where nothing is served (a dot folder): the server build of web/src/prerender.tsx that
 * made the first screens, which renders them again with public data (the blog's posts) as it changes.
 */
export const RENDERER_FILE = '.vite/first-screen/prerender.js';

type RenderFirstScreen = (pathname: string, answers: FirstScreenQuery[]) => Promise<string>;

export interface PageShell {
  scripts: string[];
  styles: string[];
  firstScreen?: string;
  /** A page behind sign-in: what a browser without a session gets instead (the sign-in page's shell). */
  signedOut?: PageShell;
}

export interface PageShells {
  /** The script that starts the app once a pre-rendered first screen has painted (web/src/after-first-paint.ts). */
  afterFirstPaint: string;
  pages: Record<string, PageShell>;
}

/** Whether a request carries the signed-in hint (contract/signed-in-hint.ts). */
export const carriesSignedInHint = (cookieHeader: string | undefined) =>
  cookieHeader?.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`) ?? false;

/** A page's HTML, and whether it depends on the signed-in hint (then caches must keep both answers). */
export interface FilledPage {
  html: string;
  bySignedInHint: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A router pattern (`/blog/:id`, `/reset-password/:token?`, `/admin/*`) as the router matches it: any case, a trailing slash allowed. */
const patternRegExp = (pattern: string) => {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${escapeRegExp(segment)}`;
    });
  return new RegExp(`^${segments.join('')}/?$`, 'i');
};

const EMPTY_ROOT = '<div id="root"></div>';
/** The entry script and the modulepreload links Vite writes into index.html's head. */
const entryScript = /\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const entryPreload = /\n\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const stylesheetLinks = (styles: string[]) =>
  styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);

/**
 * Fills index.html in for the page at a path.
 * - A page with a first screen (the public pages, built by web/page-shells.ts) gets it inside the root
 *   element, so that it paints with the stylesheet and fonts alone; the app's scripts, index.html's and
 *   the page's own, are then requested by web/src/after-first-paint.ts once that screen has painted, and
 *   the app takes its place when the page is ready.
 * - Where a feature gives the page's data (`firstScreenData`, the blog's posts), that screen is rendered
 *   with it, once for each new answer, and the answers go with it, so that the app starts from them
 *   instead of asking again: what the visitor came for paints with the page.
 * - Any other page (behind sign-in, or with a parameter) gets modulepreload links for its own chunks,
 *   so that they download alongside the entry script rather than after it has run and routed.
 * - A page behind sign-in is sent as the sign-in page (its first screen; the app then routes there) to a
 *   browser without the signed-in hint, and with its own chunks preloaded to one with it.
 * A build without the table, or a path no page matches, keeps index.html as it is.
 */
export const loadPageShells = (
  webDist: string,
  deps: { firstScreenData: PageRegistry<FirstScreenQuery[]>; logger: Logger },
): ((html: string, pathname: string, visitor: { signedIn: boolean }) => Promise<FilledPage>) => {
  const file = path.join(webDist, PAGE_SHELLS_FILE);
  if (!existsSync(file)) return async (html) => ({ html, bySignedInHint: false });
  const table = JSON.parse(readFileSync(file, 'utf8')) as PageShells;
  const pages = Object.entries(table.pages).map(([pattern, shell]) => ({
    pattern: patternRegExp(pattern),
    path: pattern,
    ...shell,
  }));

  const rendererFile = path.resolve(webDist, RENDERER_FILE);
  const hasRenderer = existsSync(rendererFile);
  let renderer: Promise<RenderFirstScreen> | undefined;
  /** The last first screen rendered with data for each page, and the answers it was rendered with. */
  const rendered = new Map<string, { answers: string; html: string }>();
  /**
   * The first screen of the page at a router pattern, and the answers it shows: rendered with the data a
   * feature gives for it, or as built when there is none.
   */
  const firstScreenOf = async (pattern: string | null, built: string) => {
    const answers = pattern && hasRenderer ? await deps.firstScreenData.resolve(pattern) : null;
    if (!pattern || !answers) return { html: built, answers: null };
    const json = scriptJson(answers);
    const kept = rendered.get(pattern);
    if (kept?.answers === json) return { html: kept.html, answers: json };
    try {
      renderer ??= import(pathToFileURL(rendererFile).href).then(
        (module: { renderFirstScreen: RenderFirstScreen }) => module.renderFirstScreen,
      );
      const html = await (await renderer)(pattern, answers);
      rendered.set(pattern, { answers: json, html });
      return { html, answers: json };
    } catch (error) {
      renderer = undefined;
      deps.logger.warn({ err: error, page: pattern }, 'could not render a first screen with its data');
      return { html: built, answers: null };
    }
  };

  /** `pattern` names the page whose data its first screen may show; null for the sign-in page sent instead. */
  const fillWith = async (html: string, page: PageShell, pattern: string | null) => {
    const entry = entryScript.exec(html)?.[1];
    if (page.firstScreen && entry) {
      const firstScreen = await firstScreenOf(pattern, page.firstScreen);
      const scripts = [entry, ...[...html.matchAll(entryPreload)].map((match) => match[1]!), ...page.scripts];
      const starter = `<script type="module" crossorigin src="${table.afterFirstPaint}" data-after-first-paint="${scripts.join(' ')}"></script>`;
      const data = firstScreen.answers
        ? `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${firstScreen.answers}</script>`
        : '';
      return html
        .replace(entryScript, '')
        .replace(entryPreload, '')
        .replace('</head>', `  ${[...stylesheetLinks(page.styles), starter].join('\n    ')}\n  </head>`)
        .replace(EMPTY_ROOT, () => `<div id="root">${firstScreen.html}</div>${data}`);
    }
    const links = [
      ...stylesheetLinks(page.styles),
      ...page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ];
    return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  };
  return async (html, pathname, visitor) => {
    const matched = pages.find((candidate) => candidate.pattern.test(pathname));
    if (!matched) return { html, bySignedInHint: false };
    const filled =
      matched.signedOut && !visitor.signedIn
        ? await fillWith(html, matched.signedOut, null)
        : await fillWith(html, matched, matched.path);
    return { html: filled, bySignedInHint: Boolean(matched.signedOut) };
  };
};

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '#contract/signed-in-hint.ts';

/**
 * Written by the build beside Vite's manifest (web/page-shells.ts): for each of the router's path
 * patterns, the chunks and styles that page needs beyond what index.html already loads, and for the
 * public pages without parameters, their first screen as HTML.
 */
export const PAGE_SHELLS_FILE = '.vite/page-shells.json';

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
 * - Any other page (behind sign-in, or with a parameter) gets modulepreload links for its own chunks,
 *   so that they download alongside the entry script rather than after it has run and routed.
 * - A page behind sign-in is sent as the sign-in page (its first screen; the app then routes there) to a
 *   browser without the signed-in hint, and with its own chunks preloaded to one with it.
 * A build without the table, or a path no page matches, keeps index.html as it is.
 */
export const loadPageShells = (
  webDist: string,
): ((html: string, pathname: string, visitor: { signedIn: boolean }) => FilledPage) => {
  const file = path.join(webDist, PAGE_SHELLS_FILE);
  if (!existsSync(file)) return (html) => ({ html, bySignedInHint: false });
  const table = JSON.parse(readFileSync(file, 'utf8')) as PageShells;
  const pages = Object.entries(table.pages).map(([pattern, shell]) => ({
    pattern: patternRegExp(pattern),
    ...shell,
  }));
  const fillWith = (html: string, page: PageShell) => {
    const entry = entryScript.exec(html)?.[1];
    if (page.firstScreen && entry) {
      const scripts = [entry, ...[...html.matchAll(entryPreload)].map((match) => match[1]!), ...page.scripts];
      const starter = `<script type="module" crossorigin src="${table.afterFirstPaint}" data-after-first-paint="${scripts.join(' ')}"></script>`;
      return html
        .replace(entryScript, '')
        .replace(entryPreload, '')
        .replace('</head>', `  ${[...stylesheetLinks(page.styles), starter].join('\n    ')}\n  </head>`)
        .replace(EMPTY_ROOT, `<div id="root">${page.firstScreen}</div>`);
    }
    const links = [
      ...stylesheetLinks(page.styles),
      ...page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ];
    return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  };
  return (html, pathname, visitor) => {
    const matched = pages.find((candidate) => candidate.pattern.test(pathname));
    if (!matched) return { html, bySignedInHint: false };
    const page = matched.signedOut && !visitor.signedIn ? matched.signedOut : matched;
    return { html: fillWith(html, page), bySignedInHint: Boolean(matched.signedOut) };
  };
};

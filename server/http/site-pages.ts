import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { publicRead } from './caching.ts';
import { type PageMeta, type PageMetaRegistry, SITE_NAME } from './page-meta.ts';

export const SITE_DESCRIPTION =
  'A home for pilgrims after the journey: Soul Stories keepsakes of your Camino, Vela the companion, and a community to walk on with.';
const SITE_LOGO = '/static/brand/logo.png';
const SOCIAL_PROFILES = [
  'https://instagram.com/pilgrimsoul',
  'https://facebook.com/pilgrimsoul',
  'https://twitter.com/pilgrimsoul',
];

interface SitePage {
  /** The one spelling search engines are told (canonical link, sitemap, og:url). */
  path: string;
  /** Other words for the same screen; spellings that differ only in case (/JoinUs, /Store) need none. */
  also?: string[];
  title: string;
  description: string;
  /** Only in the sitemap when a signed-out visitor sees the page itself. */
  listed?: false;
}

/** The app's pages as a search engine or a link preview sees them, one entry per screen. */
export const sitePages: SitePage[] = [
  { path: '/', title: `${SITE_NAME} · Life after the pilgrimage`, description: SITE_DESCRIPTION },
  {
    path: '/about',
    title: `Who we are · ${SITE_NAME}`,
    description:
      'Our mission, our approach and the people behind Pilgrim Soul: a place to explore what the road gave you, with the team and mentors who walk beside you.',
  },
  {
    path: '/lumen',
    title: `Vela, your companion · ${SITE_NAME}`,
    description:
      'Vela is a spiritual AI companion for pilgrims: set intentions, get guidance in your own worldview and stay connected to what you found on the way.',
  },
  {
    path: '/blog',
    title: `Pilgrim Reflections · ${SITE_NAME}`,
    description: 'Reflections on life after a pilgrimage, from the Pilgrim Soul community.',
  },
  {
    path: '/donate',
    title: `Donate · ${SITE_NAME}`,
    description:
      'Pilgrim Soul is donation-based. A one-time, monthly or yearly gift keeps Soul Stories, Vela and the community open to every pilgrim.',
  },
  {
    path: '/store',
    title: `Store · ${SITE_NAME}`,
    description:
      'A tee-shirt, a tote bag and camera covers from Pilgrim Soul; every order supports the community.',
  },
  {
    path: '/store/order',
    title: `Order · ${SITE_NAME} Store`,
    description: 'Choose a size and quantity and send your Pilgrim Soul order.',
  },
  {
    path: '/joinus',
    title: `Join us · ${SITE_NAME}`,
    description:
      'Pilgrims, soul companions, teachers and theologians: join the Pilgrim Soul community and help others carry the road home.',
  },
  {
    path: '/volunteer',
    title: `Volunteer · ${SITE_NAME}`,
    description: 'Offer your time and your story: ways to volunteer with Pilgrim Soul and what to expect.',
  },
  {
    path: '/survey',
    title: `Feedback survey · ${SITE_NAME}`,
    description: 'Tell us how Pilgrim Soul, Vela and Soul Stories work for you, in a few short questions.',
  },
  {
    path: '/contact',
    title: `Contact us · ${SITE_NAME}`,
    description: 'Write to the Pilgrim Soul team; we reply within 48 hours.',
  },
  {
    path: '/inquire',
    title: `Inquire · ${SITE_NAME}`,
    description:
      'Ask about partnerships, press, volunteering or anything else, and tell us what your inquiry is about.',
  },
  {
    path: '/faq',
    title: `Frequently asked questions · ${SITE_NAME}`,
    description: 'Answers about Soul Stories, Vela, your account, privacy and giving at Pilgrim Soul.',
  },
  {
    path: '/terms',
    title: `Community Code of Conduct · ${SITE_NAME}`,
    description: 'How we treat one another in the Pilgrim Soul community: kindness, honesty and care.',
  },
  {
    path: '/privacy',
    title: `Privacy · ${SITE_NAME}`,
    description:
      'What Pilgrim Soul stores, why, for how long and who processes it: your account, Soul Story, Vela conversations, your worldview only with consent, and gifts.',
  },
  {
    path: '/press',
    title: `Press · ${SITE_NAME}`,
    description: 'News, facts and contacts for writing about Pilgrim Soul.',
  },
  {
    path: '/doors',
    title: `The Doors · ${SITE_NAME}`,
    description:
      'Soul Direction, Soul Circles, the Soul Learning Hub, Soul Table, Soul Action and the Soul Prayer Hub: six doors into life after the pilgrimage.',
  },
  {
    path: '/login',
    also: ['/LoginSignup'],
    title: `Sign in or register · ${SITE_NAME}`,
    description: 'Sign in to Pilgrim Soul, or create an account to begin your Soul Story and talk with Vela.',
  },
  {
    path: '/soul-story',
    also: ['/soulstory'],
    title: `Soul Story · ${SITE_NAME}`,
    description:
      'Record four guided reflections and add your photos: Pilgrim Soul turns them into a keepsake video of your pilgrimage.',
    listed: false,
  },
  {
    path: '/chatbot',
    title: `Chat with Vela · ${SITE_NAME}`,
    description: 'Talk with Vela, your companion after the pilgrimage.',
    listed: false,
  },
  {
    path: '/profile',
    title: `Your profile · ${SITE_NAME}`,
    description: 'Your Pilgrim Soul profile, journey and settings.',
    listed: false,
  },
  {
    path: '/notifications',
    title: `Notifications · ${SITE_NAME}`,
    description: 'Your Soul Story progress and messages from Pilgrim Soul.',
    listed: false,
  },
];

/** The pages a sitemap lists: every public page at its canonical spelling. */
export const listedPages = sitePages.filter((page) => page.listed !== false).map((page) => page.path);

/** `/JoinUs/`, `/JOINUS` and `/joinus` are one page: the app's router ignores case, and so does this. */
const normalise = (pathname: string) => pathname.toLowerCase().replace(/(.)\/$/, '$1');
const byPath = new Map(
  sitePages.flatMap((page) =>
    [page.path, ...(page.also ?? [])].map((path) => [normalise(path), page] as const),
  ),
);

export const organizationJsonLd = (publicUrl: string) => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: SITE_NAME,
  url: new URL('/', publicUrl).toString(),
  logo: new URL(SITE_LOGO, publicUrl).toString(),
  description: SITE_DESCRIPTION,
  email: 'hello@pilgrimsoul.org',
  sameAs: SOCIAL_PROFILES,
});

const pageMetaOf = (page: SitePage, publicUrl: string): PageMeta => ({
  title: page.title,
  description: page.description,
  canonical: page.path,
  ...(page.path === '/' || page.path === '/about' ? { jsonLd: [organizationJsonLd(publicUrl)] } : {}),
});

/**
 * Registered after every feature, so a post's or a shared keepsake's own meta wins: the fixed pages
 * from the table, then any other path (a reset link, an unknown page) with the site's own words and
 * `noindex`, so a private link or a page that does not exist is never listed.
 */
export const registerSitePageMeta = (registry: PageMetaRegistry, publicUrl: string) => {
  registry.register(/^\/.*$/, (match) => {
    const page = byPath.get(normalise(match[0]));
    return page ? pageMetaOf(page, publicUrl) : null;
  });
  registry.register(/^\/.*$/, () => ({ title: SITE_NAME, description: SITE_DESCRIPTION, robots: 'noindex' }));
};

/**
 * What crawlers may read: every page, but not private media, the admin console or one-time links. The
 * API stays open: a crawler that renders the blog reads its posts from /api/posts/.
 */
export const renderRobots = (publicUrl: string) =>
  [
    'User-agent: *',
    'Disallow: /media/',
    'Disallow: /admin',
    'Disallow: /reset-password',
    'Disallow: /donations/manage/',
    'Disallow: /newsletter/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).toString()}`,
    '',
  ].join('\n');

/** /robots.txt and the meta of every fixed page; the sitemap lives with the posts it lists (blog). */
export const registerSitePages = (app: FastifyInstance, deps: AppDeps) => {
  registerSitePageMeta(deps.pageMeta, deps.config.PUBLIC_URL);
  app.get('/robots.txt', { ...publicRead(3600), schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(renderRobots(deps.config.PUBLIC_URL)),
  );
};

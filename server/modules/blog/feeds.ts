import type { BlogPost } from '#contract/blog.ts';
import { SITE_NAME } from '#server/http/page-meta.ts';
import { listedPages, organizationJsonLd } from '#server/http/site-pages.ts';

const escapeXml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

export const postPath = (post: Pick<BlogPost, 'slug'>) => `/blog/${post.slug}`;

/** RSS 2.0 of the published posts, newest first. */
export const renderRss = (posts: BlogPost[], publicUrl: string): string => {
  const items = posts
    .map((post) => {
      const link = absolute(publicUrl, postPath(post));
      const published = post.published_at ? new Date(post.published_at).toUTCString() : '';
      return [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="false">${escapeXml(post.id)}</guid>`,
        `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
        published ? `      <pubDate>${published}</pubDate>` : '',
        `      <description>${escapeXml(post.teaser)}</description>`,
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Pilgrim Reflections</title>
    <link>${escapeXml(absolute(publicUrl, '/blog'))}</link>
    <atom:link href="${escapeXml(absolute(publicUrl, '/blog/rss.xml'))}" rel="self" type="application/rss+xml"/>
    <description>Reflections on life after a pilgrimage, from the Pilgrim Soul community.</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
};

/** schema.org BlogPosting for a post's page, published by the organisation. */
export const blogPostingJsonLd = (post: BlogPost, publicUrl: string) => {
  const { '@context': _context, ...publisher } = organizationJsonLd(publicUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.teaser,
    url: absolute(publicUrl, postPath(post)),
    mainEntityOfPage: absolute(publicUrl, postPath(post)),
    ...(post.image ? { image: absolute(publicUrl, post.image) } : {}),
    ...(post.published_at ? { datePublished: post.published_at } : {}),
    author: { '@type': 'Person', name: post.author },
    publisher,
    isPartOf: {
      '@type': 'Blog',
      name: `Pilgrim Reflections · ${SITE_NAME}`,
      url: absolute(publicUrl, '/blog'),
    },
  };
};

/** Every public page at its canonical spelling (the site's page table), then every published post. */
export const renderSitemap = (posts: BlogPost[], publicUrl: string): string => {
  const entries = [
    ...listedPages.map((path) => ({ loc: absolute(publicUrl, path), lastmod: null as string | null })),
    ...posts.map((post) => ({
      loc: absolute(publicUrl, postPath(post)),
      lastmod: post.published_at ? post.published_at.slice(0, 10) : null,
    })),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
};

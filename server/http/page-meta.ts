/** What a shared page shows in link previews: server-rendered into index.html. */
export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
  video?: string;
  type?: 'website' | 'article' | 'video.other';
}

type Resolver = (match: RegExpExecArray) => Promise<PageMeta | null> | PageMeta | null;

export interface PageMetaRegistry {
  register(pattern: RegExp, resolve: Resolver): void;
  resolve(pathname: string): Promise<PageMeta | null>;
}

export const createPageMetaRegistry = (): PageMetaRegistry => {
  const entries: { pattern: RegExp; resolve: Resolver }[] = [];
  return {
    register: (pattern, resolve) => {
      entries.push({ pattern, resolve });
    },
    resolve: async (pathname) => {
      for (const entry of entries) {
        const match = entry.pattern.exec(pathname);
        if (match) return entry.resolve(match);
      }
      return null;
    },
  };
};

const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export const renderMetaTags = (meta: PageMeta, publicUrl: string, pathname: string): string => {
  const absolute = (url: string) => (url.startsWith('http') ? url : new URL(url, publicUrl).toString());
  const tags: [string, string][] = [
    ['og:title', meta.title],
    ['og:type', meta.type ?? 'website'],
    ['og:url', absolute(pathname)],
    ['twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title],
  ];
  if (meta.description) {
    tags.push(['og:description', meta.description], ['twitter:description', meta.description]);
  }
  if (meta.image) tags.push(['og:image', absolute(meta.image)], ['twitter:image', absolute(meta.image)]);
  if (meta.video) tags.push(['og:video', absolute(meta.video)], ['og:video:type', 'video/mp4']);
  const metaTags = tags
    .map(([property, content]) => {
      const attribute = property.startsWith('twitter:') ? 'name' : 'property';
      return `<meta ${attribute}="${property}" content="${escapeHtml(content)}">`;
    })
    .join('\n    ');
  const description = meta.description
    ? `\n    <meta name="description" content="${escapeHtml(meta.description)}">`
    : '';
  return `<title>${escapeHtml(meta.title)}</title>${description}\n    ${metaTags}`;
};

import { describe, expect, it } from 'vitest';
import { createPageMetaRegistry, renderMetaTags } from './page-meta.ts';

describe('page meta', () => {
  it('renders escaped title, Open Graph and Twitter tags with absolute URLs', () => {
    const html = renderMetaTags(
      {
        title: 'Walking <home> & "back"',
        description: 'A story',
        image: '/media/1/x/poster.jpg',
        type: 'video.other',
      },
      'https://pilgrims.example',
      '/s/abc',
    );
    expect(html).toContain('<title>Walking &lt;home&gt; &amp; &quot;back&quot;</title>');
    expect(html).toContain('<meta property="og:url" content="https://pilgrims.example/s/abc">');
    expect(html).toContain(
      '<meta property="og:image" content="https://pilgrims.example/media/1/x/poster.jpg">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:type" content="video.other">');
  });

  it('resolves the first matching pattern and nothing for other paths', async () => {
    const registry = createPageMetaRegistry();
    registry.register(/^\/blog\/([\w-]+)$/, (match) => ({ title: `Post ${match[1]}` }));
    await expect(registry.resolve('/blog/first-steps')).resolves.toEqual({ title: 'Post first-steps' });
    await expect(registry.resolve('/about')).resolves.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { type PageMeta, renderMetaTags } from './page-meta.ts';
import { createPageRegistry } from './page-registry.ts';

describe('page meta', () => {
  it('renders escaped title, Open Graph and Twitter tags with absolute URLs', () => {
    const html = renderMetaTags(
      {
        title: 'Walking <home> & "back"',
        description: 'A story',
        image: '/media/1/x/poster.jpg',
        video: { url: '/s/abc/keepsake.mp4', width: 1280, height: 720 },
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
    for (const [property, content] of [
      ['og:video', 'https://pilgrims.example/s/abc/keepsake.mp4'],
      ['og:video:secure_url', 'https://pilgrims.example/s/abc/keepsake.mp4'],
      ['og:video:type', 'video/mp4'],
      ['og:video:width', '1280'],
      ['og:video:height', '720'],
    ])
      expect(html).toContain(`<meta property="${property}" content="${content}">`);
  });

  it('resolves the first matching pattern and nothing for other paths', async () => {
    const registry = createPageRegistry<PageMeta>();
    registry.register(/^\/blog\/([\w-]+)$/, (match) => ({ title: `Post ${match[1]}` }));
    await expect(registry.resolve('/blog/first-steps')).resolves.toEqual({ title: 'Post first-steps' });
    await expect(registry.resolve('/about')).resolves.toBeNull();
  });

  it('writes the canonical URL, robots and JSON-LD that no value can break out of', () => {
    const html = renderMetaTags(
      {
        title: 'A post',
        canonical: '/blog/a-post',
        robots: 'noindex',
        jsonLd: [{ '@type': 'BlogPosting', headline: '</script><script>alert(1)</script>' }],
      },
      'https://pilgrims.example',
      '/blog/A-Post/',
    );
    expect(html).toContain('<link rel="canonical" href="https://pilgrims.example/blog/a-post">');
    expect(html).toContain('<meta property="og:url" content="https://pilgrims.example/blog/a-post">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('</script><script>');
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!).headline).toBe('</script><script>alert(1)</script>');
  });

  it('shows the brand mark in previews of a page without its own picture', () => {
    const html = renderMetaTags({ title: 'About' }, 'https://pilgrims.example', '/about');
    expect(html).toContain(
      '<meta property="og:image" content="https://pilgrims.example/static/brand/logo-mark.png">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('passes to the next pattern when a resolver finds nothing', async () => {
    const registry = createPageRegistry<PageMeta>();
    registry.register(/^\/blog\/([\w-]+)$/, () => null);
    registry.register(/^\/.*$/, () => ({ title: 'Pilgrim Soul', robots: 'noindex' }));
    await expect(registry.resolve('/blog/gone')).resolves.toEqual({
      title: 'Pilgrim Soul',
      robots: 'noindex',
    });
  });
});

/**
 * @jest-environment jsdom
 */
import fs from 'node:fs';
import path from 'node:path';
import { staticPublicRoutes } from './public-routes';
import { PUBLIC_DIR, readFeed, readPublic, type ArticleFeedEntry, type ToolFeedEntry } from './site';

const SITE = 'https://stockbench.app';
const tools = readFeed<ToolFeedEntry[]>('tools/tools.json');
const articles = readFeed<ArticleFeedEntry[]>('blog_articles.json');

function htmlFor(route: string): Document {
  const file = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
  return new DOMParser().parseFromString(readPublic(file), 'text/html');
}

function head(doc: Document) {
  return {
    title: doc.querySelector('title')?.textContent ?? '',
    description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '',
    ogTitle: doc.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
    twitterCard: doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content') ?? '',
  };
}

function jsonLd(doc: Document): Record<string, unknown>[] {
  return Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).map(
    (s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>,
  );
}

describe('the JSON feeds', () => {
  it('lists all 46 tools T1..T46 in order with their paths', () => {
    expect(tools.map((t) => t.id)).toEqual(Array.from({ length: 46 }, (_, i) => `T${i + 1}`));
    expect(new Set(tools.map((t) => t.path)).size).toBe(46);
  });

  it('lists the three articles and the announcements', () => {
    expect(articles.map((a) => a.id)).toEqual(['B1', 'B2', 'B3']);
    const announcements =
      readFeed<{ id: string; startDate: string; endDate: string }[]>('announcements.json');
    expect(announcements.length).toBeGreaterThan(0);
    for (const a of announcements) {
      expect(a.id).toMatch(/^[a-z0-9-]+$/);
      expect(Number.isFinite(Date.parse(a.startDate))).toBe(true);
      expect(Number.isFinite(Date.parse(a.endDate))).toBe(true);
    }
  });
});

describe('every public page', () => {
  const routes = [
    ...staticPublicRoutes,
    ...tools.map((t) => `/tool/${t.path}`),
    ...articles.map((a) => `/blog/${a.route}`),
  ];

  it.each(routes)('%s has a title, a description, a canonical link and social tags', (route) => {
    const tags = head(htmlFor(route));
    expect(tags.title).toMatch(/\S.*Stockbench|^Stockbench$/);
    expect(tags.description.length).toBeGreaterThan(30);
    const expectedCanonical = route === '/home' ? `${SITE}/` : `${SITE}${route}`;
    expect(tags.canonical).toBe(expectedCanonical);
    expect(tags.ogTitle).toBe(tags.title);
    expect(tags.twitterCard).toBe('summary_large_image');
  });

  it('gives each tool page its own title and a Back to List link to its anchor', () => {
    for (const tool of tools) {
      const doc = htmlFor(`/tool/${tool.path}`);
      expect(head(doc).title).toBe(`${tool.title} | Stockbench`);
      expect(doc.querySelector('h1')?.textContent).toBe(tool.title);
      const back = Array.from(doc.querySelectorAll('a')).find((a) => a.textContent?.includes('Back to List'));
      expect(back?.getAttribute('href')).toBe(`/tools#${tool.id}`);
      expect(doc.body.textContent).toContain('Last Updated');
      expect(doc.querySelectorAll('.imports-block').length).toBe(tool.userImports.length > 0 ? 1 : 0);
    }
  });

  it('lists the supported filters on T45 only', () => {
    const t45 = tools.find((t) => t.id === 'T45');
    const filters = htmlFor(`/tool/${t45?.path}`).querySelectorAll('.tool-page__filters li');
    expect(Array.from(filters).map((li) => li.textContent)).toContain('Presidential term year');
    expect(filters).toHaveLength(9);
    expect(htmlFor('/tool/treasury-rates').querySelector('.tool-page__filters')).toBeNull();
  });

  it('shows screenshots as images with a source, width, height and alt text on tool pages', () => {
    for (const tool of tools) {
      const imgs = Array.from(htmlFor(`/tool/${tool.path}`).querySelectorAll('.gallery img'));
      expect(imgs).toHaveLength(tool.screenshots.length);
      imgs.forEach((img, i) => {
        expect(img.getAttribute('alt')?.length).toBeGreaterThan(10);
        // A real source in the HTML itself (lazy images load natively, without a script).
        expect(img.getAttribute('src')).toMatch(/^\/static\/.+\.png$/);
        // The first large (the screenshot at its full width), the others as thumbnails.
        expect(img.getAttribute('srcset')).toMatch(i === 0 ? /\.png 1200w/ : /\.png 720w/);
        // Width and height reserve the image's box before it loads.
        expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
        // The first is the page's largest paint; the others wait until they near the viewport.
        expect(img.getAttribute('loading')).toBe(i === 0 ? 'eager' : 'lazy');
      });
    }
  });

  it('keeps the Last Updated label and its date together on tool pages', () => {
    for (const tool of tools) {
      const time = htmlFor(`/tool/${tool.path}`).querySelector('.tool-page__meta time');
      // The meta line is a flex row with a gap between its items: label and date share one item.
      expect(time?.parentElement?.parentElement?.className).toBe('tool-page__meta');
      expect(time?.parentElement?.textContent).toBe(`Last Updated: ${time?.textContent ?? ''}`);
    }
  });

  it('lets the keyboard reach every code block, as a long line scrolls it sideways', () => {
    for (const route of ['/user-imports', '/quickstart', ...articles.map((a) => `/blog/${a.route}`)]) {
      for (const pre of Array.from(htmlFor(route).querySelectorAll('pre'))) {
        expect(pre.getAttribute('tabindex')).toBe('0');
      }
    }
    expect(htmlFor('/user-imports').querySelectorAll('pre[tabindex="0"]').length).toBeGreaterThan(0);
  });

  it('marks up pricing as a SoftwareApplication offering $15 and articles as BlogPosting', () => {
    const app = jsonLd(htmlFor('/pricing')).find((d) => d['@type'] === 'SoftwareApplication');
    expect(JSON.stringify(app?.offers)).toContain('"price":"15"');
    for (const article of articles) {
      const post = jsonLd(htmlFor(`/blog/${article.route}`)).find((d) => d['@type'] === 'BlogPosting');
      expect(post?.headline).toBe(article.title);
    }
  });

  it('shows the changelog newest first as M/D/YYYY, from Stockbench 2.0 (11/1/2026) back to 4/8/2023', () => {
    const dates = Array.from(htmlFor('/changelog').querySelectorAll('.changelog time')).map(
      (t) => t.textContent,
    );
    // The spec's entries end on 5/30/2024; the 2.0 release follows (docs/spec-differences.md).
    expect(dates.slice(0, 2)).toEqual(['11/1/2026', '5/30/2024']);
    expect(dates[dates.length - 1]).toBe('4/8/2023');
  });

  it('has a 404 page that says so', () => {
    const doc = new DOMParser().parseFromString(readPublic('404.html'), 'text/html');
    expect(doc.body.textContent).toContain('The requested page does not exist.');
  });
});

describe('search engine files', () => {
  it('has a sitemap with every public page and no account page, and robots.txt pointing at it', () => {
    const sitemap = readPublic('sitemap-0.xml');
    for (const route of ['/', '/tools', '/pricing', '/tool/treasury-rates', `/blog/${articles[0]?.route}`]) {
      expect(sitemap).toContain(`<loc>${SITE}${route}</loc>`);
    }
    expect(sitemap).not.toMatch(/sign-in|licenses|checkout|404|\/home</);
    expect(readPublic('robots.txt')).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
  });

  it('ships a favicon and an Open Graph image', () => {
    for (const file of ['favicon.svg', 'favicon-32.png', 'og-image.png']) {
      expect(fs.existsSync(path.join(PUBLIC_DIR, file))).toBe(true);
    }
  });
});

describe('public page weight', () => {
  it('loads no aws-amplify or Stripe code on any public page', () => {
    const routes = [...staticPublicRoutes, `/tool/${tools[0]?.path}`, `/blog/${articles[0]?.route}`];
    for (const route of routes) {
      const scripts = Array.from(htmlFor(route).querySelectorAll('script[src]')).map((s) =>
        s.getAttribute('src'),
      );
      for (const src of scripts) {
        const code = fs.readFileSync(path.join(PUBLIC_DIR, String(src)), 'utf8');
        expect(code).not.toMatch(/aws-amplify|cognito-idp|js\.stripe\.com|confirmCardPayment/);
      }
    }
  });
});

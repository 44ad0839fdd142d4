/**
 * @jest-environment jsdom
 */
import path from 'node:path';
import { siteConfig } from '../src/config';
import { lastChanged } from '../src/lib/content-history';
import { formatLongDate } from '../src/lib/dates';
import { builtPages } from './built-pages';
import { readFeed, readPublic } from './site';

// What a visitor reads agrees with the site config and the tool data, on every page of the build: the
// support email is the configured one, every number of tools is the number of tools listed, and no
// content placeholder is left unfilled.

interface FeedTool {
  id: string;
  tags: string[];
}

const listed = readFeed<FeedTool[]>('tools/tools.json');
const freeCount = listed.filter((t) => t.tags.includes('free')).length;
const pages = builtPages().map((page) => ({ page, html: readPublic(page) }));

/** The words a visitor or a search engine reads: the body text, the title and the meta descriptions. */
function readableText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const metas = Array.from(doc.querySelectorAll('meta[name="description"], meta[property="og:description"]'));
  return [doc.title, ...metas.map((m) => m.getAttribute('content') ?? ''), doc.body.textContent ?? '']
    .join('\n')
    .replace(/\s+/g, ' ');
}

const matches = (text: string, pattern: RegExp) => Array.from(text.matchAll(pattern), (m) => m[1] ?? m[0]);

describe('facts on the built pages', () => {
  it('fills every placeholder, in the pages and the announcements feed', () => {
    const leftovers = [...pages, { page: 'announcements.json', html: readPublic('announcements.json') }]
      .filter(({ html }) => /\{\{|%7B%7B/i.test(html))
      .map(({ page }) => page);
    expect(leftovers).toEqual([]);
  });

  it('gives the configured support email wherever one appears', () => {
    const emails = new Set(pages.flatMap(({ html }) => matches(html, /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)));
    expect([...emails]).toEqual([siteConfig.supportEmail]);
    const contact = readableText(readPublic('contact-us/index.html'));
    expect(contact).toContain(siteConfig.supportEmail);
  });

  it('states the number of listed tools and of free tools wherever it states one', () => {
    const texts = pages.map(({ html }) => readableText(html));
    const totals = texts.flatMap((t) => matches(t, /(?<!first )\b(\d+) (?:research )?tools\b/gi));
    const free = texts.flatMap((t) => [
      ...matches(t, /#1 to #(\d+)/g),
      ...matches(t, /\bfirst (\d+) tools\b/gi),
    ]);
    // The home page, /tools, /pricing, the FAQ and the quickstart all state the total.
    expect(totals.length).toBeGreaterThanOrEqual(5);
    expect(new Set(totals)).toEqual(new Set([String(listed.length)]));
    expect(free.length).toBeGreaterThanOrEqual(4);
    expect(new Set(free)).toEqual(new Set([String(freeCount)]));
  });

  it('announces the number of listed tools', () => {
    const messages = readFeed<{ message: string }[]>('announcements.json').map((a) => a.message);
    const counts = messages.flatMap((m) => matches(m, /\b(\d+) (?:research )?tools\b/g));
    expect(counts).toEqual(counts.map(() => String(listed.length)));
  });
});

describe('releases and dates on the built pages', () => {
  const download = readableText(readPublic('download/index.html'));
  const changelog = readableText(readPublic('changelog/index.html'));
  const home = readableText(readPublic('index.html'));
  // The tests' build links no installers (e2e/run.ts builds without GATSBY_INSTALLER_*), so the
  // Download page offers a way to be told, and the release announcement in content/ stays out.
  it('names as current the newest release of the changelog, and offers a way to be told when its installers are out', () => {
    const current = /The current release is Stockbench ([\d.]+)/.exec(download)?.[1];
    const versions = matches(changelog, /Stockbench (\d+\.\d+)/g);
    expect(versions[0]).toBe(current); // newest first
    expect(download).toContain(`The Stockbench ${current} installers are not on this site yet.`);
    expect(download).toContain('Email Me When the Installers Are Out');
    expect(download).not.toContain('Download for Windows');
  });

  it('announces no release as out in a build without its installers', () => {
    const feed = readFeed<{ id: string; message: string }[]>('announcements.json');
    expect(feed.map((a) => a.id)).not.toContain('stockbench-2-release');
    const claims = [...feed.map((a) => a.message), home].flatMap((text) =>
      matches(text, /Stockbench (\d+\.\d+) is now available/g),
    );
    expect(claims).toEqual([]);
  });

  it("dates each legal page by its file's last change", () => {
    for (const page of ['privacy', 'terms']) {
      const file = path.resolve(__dirname, '..', 'content', 'legal', `${page}.md`);
      expect(readableText(readPublic(`${page}/index.html`))).toContain(
        `Last updated ${formatLongDate(lastChanged(file))}`,
      );
    }
  });
});

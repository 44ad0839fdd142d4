import { buildFeeds, type FeedSource } from '../feeds';
import { licenseFacts } from '../license-terms';

const tool = (id: string, tags: string[]) => ({
  frontmatter: {
    id,
    title: `Tool ${id}`,
    path: `tool-${id.toLowerCase()}`,
    updated: '2024-05-30',
    summary: 'Summary',
    screenshots: [{ name: `${id}.png` }],
    userImports: null,
    tags,
  },
});

const source: FeedSource = {
  site: { siteMetadata: { siteUrl: 'https://stockbench.app/' } },
  tools: { nodes: [tool('T10', []), tool('T2', ['hidden']), tool('T1', ['free'])] },
  articles: {
    nodes: [{ frontmatter: { id: 'B1', title: 'A', description: 'D', route: 'a', updated: '2024-01-01' } }],
  },
  announcements: {
    nodes: [
      { yamlId: 'x', message: 'M', startDate: '2026-01-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z' },
      {
        yamlId: 'count',
        message: 'Now {{toolCount}} tools. Questions: {{supportEmail}}',
        startDate: '2026-01-01T00:00:00Z',
        endDate: '2027-01-01T00:00:00Z',
      },
    ],
  },
};

describe('the JSON feeds', () => {
  const feeds = buildFeeds(source, {
    supportEmail: 'help@example.com',
    freeToolCount: 1,
    ...licenseFacts({ licensePriceUsd: 15, machineLimit: null }),
  });

  it('lists visible tools in numeric order, with absolute URLs, leaving hidden ones out', () => {
    const tools = JSON.parse(feeds['tools/tools.json'] ?? '[]') as {
      id: string;
      url: string;
      userImports: [];
    }[];
    expect(tools.map((t) => t.id)).toEqual(['T1', 'T10']);
    expect(tools[0]).toMatchObject({ url: 'https://stockbench.app/tool/tool-t1', userImports: [] });
  });

  // The announcement's count is that of the listed tools: the hidden T2 is not counted.
  it('writes articles and announcements in the published JSON shapes, placeholders filled', () => {
    expect(JSON.parse(feeds['blog_articles.json'] ?? '[]')).toEqual([
      {
        id: 'B1',
        title: 'A',
        description: 'D',
        route: 'a',
        updated: '2024-01-01',
        url: 'https://stockbench.app/blog/a',
      },
    ]);
    expect(JSON.parse(feeds['announcements.json'] ?? '[]')).toEqual([
      { id: 'x', message: 'M', startDate: '2026-01-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z' },
      {
        id: 'count',
        message: 'Now 2 tools. Questions: help@example.com',
        startDate: '2026-01-01T00:00:00Z',
        endDate: '2027-01-01T00:00:00Z',
      },
    ]);
    expect(feeds['robots.txt']).toContain('Sitemap: https://stockbench.app/sitemap-index.xml');
  });
});

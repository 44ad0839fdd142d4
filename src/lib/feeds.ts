import { visibleItems } from './filters';
import { fillText, type SiteFacts } from './placeholders';

// What gatsby-node's post-build query returns; kept here so the feed shapes can be unit tested.
export interface FeedSource {
  site: { siteMetadata: { siteUrl: string } };
  tools: {
    nodes: {
      frontmatter: {
        id: string;
        title: string;
        path: string;
        updated: string;
        summary: string;
        screenshots: { name: string }[] | null;
        userImports: string[] | null;
        tags: string[] | null;
      };
    }[];
  };
  articles: {
    nodes: {
      frontmatter: { id: string; title: string; description: string; route: string; updated: string };
    }[];
  };
  announcements: {
    nodes: { yamlId: string; message: string; startDate: string; endDate: string; release?: string | null }[];
  };
}

export const toolNumber = (id: string): number => Number(id.replace(/^T/i, ''));

/**
 * The static files any client may fetch (tools/tools.json, blog_articles.json, announcements.json) and
 * robots.txt, keyed by their path under public/. Announcement messages get their placeholders filled; the tool count is that of the tools listed here.
 */
export function buildFeeds(data: FeedSource, config: Omit<SiteFacts, 'toolCount'>): Record<string, string> {
  const siteUrl = data.site.siteMetadata.siteUrl.replace(/\/$/, '');
  const tools = visibleItems(data.tools.nodes.map((n) => n.frontmatter))
    .sort((a, b) => toolNumber(a.id) - toolNumber(b.id))
    .map((t) => ({
      id: t.id,
      title: t.title,
      path: t.path,
      updated: t.updated,
      summary: t.summary,
      screenshots: (t.screenshots ?? []).map((s) => s.name),
      userImports: t.userImports ?? [],
      tags: t.tags ?? [],
      url: `${siteUrl}/tool/${t.path}`,
    }));
  const articles = data.articles.nodes
    .map((n) => n.frontmatter)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((a) => ({ ...a, url: `${siteUrl}/blog/${a.route}` }));
  const facts: SiteFacts = { ...config, toolCount: tools.length };
  const announcements = data.announcements.nodes.map((a) => ({
    id: a.yamlId,
    message: fillText(a.message, facts),
    startDate: a.startDate,
    endDate: a.endDate,
  }));
  return {
    'tools/tools.json': JSON.stringify(tools, null, 2),
    'blog_articles.json': JSON.stringify(articles, null, 2),
    'announcements.json': JSON.stringify(announcements, null, 2),
    'robots.txt': `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`,
  };
}

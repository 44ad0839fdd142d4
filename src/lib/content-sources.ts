import type { AnnouncementFacts, ChangelogFacts, ToolFacts } from './content-agreement';
import type { FeedSource } from './feeds';
import { present, strings } from './query-data';

// gatsby-node's two queries (PageSources, FeedSources), from Gatsby's generated types, where every
// content field is nullable, to what the content checks and the feeds need: content that lacks a field
// fails the build with its name.

interface Frontmatter {
  readonly id?: string | null;
  readonly title?: string | null;
  readonly updated?: string | null;
  readonly tags?: readonly (string | null)[] | null;
}

function toolFacts<T extends Frontmatter>(fields: T | null) {
  const id = present(fields?.id, 'a tool id');
  const field = <V>(value: V | null | undefined, name: string) => present(value, `${name} of tool ${id}`);
  return {
    id,
    title: field(fields?.title, 'the title'),
    updated: field(fields?.updated, 'the updated date'),
    field,
  };
}

type Changelog = Queries.PageSourcesQuery['changelog']['nodes'][number];
type Announcement = Queries.PageSourcesQuery['announcements']['nodes'][number];

const changelogFacts = (entry: Changelog): ChangelogFacts => ({
  date: present(entry.date, 'the date of a changelog entry'),
  details: entry.details ? strings(entry.details) : null,
  introduces: entry.introduces ? strings(entry.introduces) : null,
  version: entry.version,
});

const announcementFacts = (a: Announcement): AnnouncementFacts => {
  const id = present(a.yamlId, 'an announcement id');
  return {
    id,
    message: present(a.message, `the message of announcement ${id}`),
    startDate: present(a.startDate, `the start date of announcement ${id}`),
    release: a.release,
  };
};

export interface PageSources {
  tools: { id: string; path: string; facts: ToolFacts }[];
  changelog: ChangelogFacts[];
  announcements: AnnouncementFacts[];
  articles: { id: string; route: string }[];
  pages: { id: string; slug: string }[];
}

export function pageSources(data: Queries.PageSourcesQuery): PageSources {
  return {
    tools: data.tools.nodes.map((n) => {
      const { id, title, updated, field } = toolFacts(n.frontmatter);
      return {
        id: n.id,
        path: field(n.frontmatter?.path, 'the path'),
        facts: { id, title, updated, tags: n.frontmatter?.tags ?? null },
      };
    }),
    changelog: data.changelog.nodes.map(changelogFacts),
    announcements: data.announcements.nodes.map(announcementFacts),
    articles: data.articles.nodes.map((n) => ({
      id: n.id,
      route: present(n.frontmatter?.route, 'an article route'),
    })),
    pages: data.pages.nodes.map((n) => ({ id: n.id, slug: present(n.fields?.slug, 'a page slug') })),
  };
}

export function feedSource(data: Queries.FeedSourcesQuery): FeedSource {
  return {
    site: { siteMetadata: { siteUrl: present(data.site?.siteMetadata?.siteUrl, 'the site URL') } },
    tools: {
      nodes: data.tools.nodes.map((n) => {
        const { id, title, updated, field } = toolFacts(n.frontmatter);
        const fields = n.frontmatter;
        return {
          frontmatter: {
            id,
            title,
            path: field(fields?.path, 'the path'),
            updated,
            summary: field(fields?.summary, 'the summary'),
            screenshots: fields?.screenshots
              ? fields.screenshots.flatMap((s) => (s ? [{ name: s.name }] : []))
              : null,
            userImports: fields?.userImports ? strings(fields.userImports) : null,
            tags: fields?.tags ? strings(fields.tags) : null,
          },
        };
      }),
    },
    articles: {
      nodes: data.articles.nodes.map((n) => {
        const route = present(n.frontmatter?.route, 'an article route');
        const field = <V>(value: V | null | undefined, name: string) =>
          present(value, `${name} of article ${route}`);
        return {
          frontmatter: {
            id: field(n.frontmatter?.id, 'the id'),
            title: field(n.frontmatter?.title, 'the title'),
            description: field(n.frontmatter?.description, 'the description'),
            route,
            updated: field(n.frontmatter?.updated, 'the updated date'),
          },
        };
      }),
    },
    announcements: {
      nodes: data.announcements.nodes.map((a) => {
        const { id, message, startDate, release } = announcementFacts(a);
        return {
          yamlId: id,
          message,
          startDate,
          endDate: present(a.endDate, `the end date of announcement ${id}`),
          release,
        };
      }),
    },
  };
}

import path from 'node:path';
import type { CreatePagesArgs, GatsbyNode } from 'gatsby';
import { siteConfig } from '../src/config';
import {
  changelogContradictions,
  freeTierContradictions,
  releaseContradictions,
} from '../src/lib/content-agreement';
import { pageSources } from '../src/lib/content-sources';

// A page for each tool, blog article and Markdown page under content/; the build stops on content that
// contradicts itself.
export const createPages: GatsbyNode['createPages'] = async ({
  graphql,
  actions,
  reporter,
}: CreatePagesArgs) => {
  const result = await graphql<Queries.PageSourcesQuery>(`
    query PageSources {
      tools: allMarkdownRemark(filter: { fields: { collection: { eq: "tools" } } }) {
        nodes {
          id
          frontmatter {
            path
            id
            title
            updated(formatString: "YYYY-MM-DD")
            tags
          }
        }
      }
      changelog: allChangelogYaml {
        nodes {
          date(formatString: "YYYY-MM-DD")
          details
          introduces
          version
        }
      }
      announcements: allAnnouncementsYaml {
        nodes {
          yamlId
          message
          startDate
          release
        }
      }
      articles: allMarkdownRemark(filter: { fields: { collection: { eq: "blog" } } }) {
        nodes {
          id
          frontmatter {
            route
          }
        }
      }
      pages: allMarkdownRemark(filter: { fields: { collection: { in: ["pages", "legal"] } } }) {
        nodes {
          id
          fields {
            slug
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not load the content', result.errors);
    return;
  }
  const sources = pageSources(result.data);
  const tools = sources.tools.map((t) => t.facts);
  const contradictions = [
    ...changelogContradictions(tools, sources.changelog),
    ...freeTierContradictions(tools, siteConfig.freeToolCount),
    ...releaseContradictions(sources.announcements, sources.changelog),
  ];
  if (contradictions.length > 0) {
    reporter.panicOnBuild(`The content contradicts itself:\n- ${contradictions.join('\n- ')}`);
    return;
  }
  const toolTemplate = path.resolve('src/templates/tool.tsx');
  for (const tool of sources.tools) {
    actions.createPage({
      path: `/tool/${tool.path}`,
      component: toolTemplate,
      context: { id: tool.id },
    });
  }
  const articleTemplate = path.resolve('src/templates/blog-article.tsx');
  for (const article of sources.articles) {
    actions.createPage({
      path: `/blog/${article.route}`,
      component: articleTemplate,
      context: { id: article.id },
    });
  }
  const markdownTemplate = path.resolve('src/templates/markdown-page.tsx');
  for (const page of sources.pages) {
    actions.createPage({
      path: `/${page.slug}`,
      component: markdownTemplate,
      context: { id: page.id },
    });
  }
};

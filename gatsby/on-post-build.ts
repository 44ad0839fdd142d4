import fs from 'node:fs/promises';
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { siteConfig } from '../src/config';
import { BUILD_STAMP_FILE, buildStamp } from '../src/lib/build-stamp';
import { feedSource } from '../src/lib/content-sources';
import { buildFeeds } from '../src/lib/feeds';
import { licenseFacts } from '../src/lib/license-terms';
import { announcementsForBuild } from '../src/lib/releases';

// The desktop application and the home page read these JSON files; robots.txt needs the site URL.
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ graphql, reporter }) => {
  const result = await graphql<Queries.FeedSourcesQuery>(`
    query FeedSources {
      site {
        siteMetadata {
          siteUrl
        }
      }
      tools: allMarkdownRemark(
        filter: { fields: { collection: { eq: "tools" } } }
        sort: { frontmatter: { id: ASC } }
      ) {
        nodes {
          frontmatter {
            id
            title
            path
            updated(formatString: "YYYY-MM-DD")
            summary
            screenshots {
              name
            }
            userImports
            tags
          }
        }
      }
      articles: allMarkdownRemark(filter: { fields: { collection: { eq: "blog" } } }) {
        nodes {
          frontmatter {
            id
            title
            description
            route
            updated(formatString: "YYYY-MM-DD")
          }
        }
      }
      announcements: allAnnouncementsYaml {
        nodes {
          yamlId
          message
          startDate
          endDate
          release
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild('Could not build the JSON feeds', result.errors);
    return;
  }
  const source = feedSource(result.data);
  const announcements = announcementsForBuild(source.announcements.nodes, siteConfig.installers);
  const publicDir = path.resolve('public');
  for (const [file, content] of Object.entries(
    buildFeeds(
      { ...source, announcements: { nodes: announcements } },
      {
        supportEmail: siteConfig.supportEmail,
        freeToolCount: siteConfig.freeToolCount,
        ...licenseFacts(siteConfig),
      },
    ),
  )) {
    const target = path.join(publicDir, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, content);
  }
  // Last: a build that stops before here leaves no stamp, so it is never taken for a finished one.
  await fs.writeFile(path.join(publicDir, BUILD_STAMP_FILE), JSON.stringify(buildStamp(process.env)));
};

import fs from 'node:fs/promises';
import path from 'node:path';
import type { CreateNodeArgs, CreatePagesArgs, CreateSchemaCustomizationArgs, GatsbyNode } from 'gatsby';
import { parseMachineLimit } from './src/lib/machine-limit';
import { screenshotPublisher } from './scripts/screenshots/publish';
import { CHUNK_LOAD_TIMEOUT_MS } from './src/components/error-screen/chunk-reload';
import { siteConfig } from './src/config';
import {
  changelogContradictions,
  freeTierContradictions,
  releaseContradictions,
} from './src/lib/content-agreement';
import { BUILD_STAMP_FILE, buildStamp } from './src/lib/build-stamp';
import { lastChanged } from './src/lib/content-history';
import { feedSource, pageSources } from './src/lib/content-sources';
import { licenseFacts } from './src/lib/license-terms';
import { tokenSyncSettingProblem } from './src/lib/token-sync-setting';
import { buildFeeds } from './src/lib/feeds';
import { visibleItems } from './src/lib/filters';
import { announcementsForBuild } from './src/lib/releases';

// Settings the pages state or act on: a machine limit the handlers would refuse
// (src/lib/machine-limit.ts), a token-sync URL off the site's origin. The build stops with the reason.
export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  try {
    parseMachineLimit(process.env.GATSBY_LICENSE_MACHINE_LIMIT, 'GATSBY_LICENSE_MACHINE_LIMIT');
  } catch (error) {
    reporter.panic(error instanceof Error ? error.message : String(error));
  }
  const tokenSync = tokenSyncSettingProblem(process.env.GATSBY_TOKEN_SYNC_URL, siteConfig.siteUrl);
  if (tokenSync) reporter.panic(tokenSync);
};

// The content collections are told apart by their folder under content/ (tools, blog, legal, pages).
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({
  actions,
}: CreateSchemaCustomizationArgs) => {
  actions.createTypes(`
    type MarkdownRemark implements Node {
      frontmatter: Frontmatter
      fields: MarkdownRemarkFields
    }
    type MarkdownRemarkFields {
      collection: String
      slug: String
      lastChanged: Date @dateformat
    }
    type Frontmatter {
      id: String
      title: String
      path: String
      route: String
      description: String
      summary: String
      updated: Date @dateformat
      screenshots: [Screenshot]
      userImports: [String]
      tags: [String]
      theme: String
      filters: [String]
    }
    type Screenshot {
      name: String!
      alt: String!
      image: File @link(by: "base", from: "name")
    }
    type ChangelogYaml implements Node {
      date: Date @dateformat
      details: [String]
      introduces: [String]
      version: String
    }
    type AnnouncementsYaml implements Node {
      yamlId: String
      message: String
      startDate: String
      endDate: String
      release: String
    }
    type FaqYaml implements Node {
      question: String
      topic: String
      answer: String
    }
  `);
};

export const onCreateNode: GatsbyNode['onCreateNode'] = async ({
  node,
  actions,
  getNode,
  createNodeId,
  createContentDigest,
}: CreateNodeArgs) => {
  if (node.internal.type === 'MarkdownRemark' && node.parent) {
    const file = getNode(node.parent) as
      { relativeDirectory?: string; name?: string; absolutePath?: string } | undefined;
    const collection = (file?.relativeDirectory ?? '').split('/')[0] ?? '';
    actions.createNodeField({ node, name: 'collection', value: collection });
    actions.createNodeField({ node, name: 'slug', value: file?.name ?? '' });
    // A legal page's "Last updated" is the day its file last changed, never a date typed by hand.
    if (collection === 'legal' && file?.absolutePath) {
      actions.createNodeField({ node, name: 'lastChanged', value: lastChanged(file.absolutePath) });
    }
  }
  // FAQ answers are Markdown inside YAML: a child node of media type text/markdown lets
  // gatsby-transformer-remark render them like any other Markdown.
  if (node.internal.type === 'FaqYaml') {
    const answer = String((node as { answer?: unknown }).answer ?? '');
    const child = {
      id: createNodeId(`${node.id} >>> FaqAnswer`),
      parent: node.id,
      children: [],
      internal: {
        type: 'FaqAnswer',
        mediaType: 'text/markdown',
        content: answer,
        contentDigest: createContentDigest(answer),
      },
    };
    await actions.createNode(child);
    actions.createParentChildLink({ parent: node, child: child as unknown as typeof node });
  }
};

// Site.toolCount: the number of tools a visitor can see, for every page that states it (useSiteFacts).
interface ToolTagsNode {
  frontmatter?: { tags?: (string | null)[] | null } | null;
}
interface ResolverContext {
  nodeModel: {
    findAll(args: {
      type: string;
      query: { filter: Record<string, unknown> };
    }): Promise<{ entries: Iterable<ToolTagsNode> }>;
  };
}

export const createResolvers: GatsbyNode['createResolvers'] = ({ createResolvers: create }) => {
  const screenshotImage = screenshotPublisher(path.resolve('public'));
  create({
    // A screenshot's image data at a display width (scripts/screenshots/publish.ts), in place of
    // gatsby-transformer-sharp's gatsbyImageData, whose image jobs ran on every build.
    File: {
      screenshotImage: {
        // gatsby-plugin-image's scalar (JSON on the wire), so the generated query types say IGatsbyImageData.
        type: 'GatsbyImageData',
        args: { width: 'Int!' },
        resolve: (file: { absolutePath: string }, args: { width: number }) =>
          screenshotImage(file.absolutePath, args.width),
      },
    },
    Site: {
      toolCount: {
        type: 'Int!',
        // Reading the tools through nodeModel makes every query of it depend on them, so hiding a
        // tool re-runs those queries even on an incremental build.
        async resolve(_source: unknown, _args: unknown, context: ResolverContext): Promise<number> {
          const { entries } = await context.nodeModel.findAll({
            type: 'MarkdownRemark',
            query: { filter: { fields: { collection: { eq: 'tools' } } } },
          });
          return visibleItems(Array.from(entries, (node) => ({ tags: node.frontmatter?.tags ?? null })))
            .length;
        },
      },
    },
  });
};

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

// Chunk files named by id and content hash only: webpack's runtime, a first-visit script, otherwise
// carries a map from every chunk's id to its name (component---src-pages-…) to build the file names.
// Gatsby finds a page's chunks through webpack's stats, never by file name. 16 hex digits of hash
// (the site server's and CloudFront's rule for immutable files) instead of 20: the runtime lists them all.
// The HTML renderer runs in Node at build time, where Amplify and Stripe's React bindings load from
// node_modules as they are (their CommonJS builds) instead of being bundled again into it.
// No persistent webpack cache for the two production bundles: on a clean build, writing it cost 3.5 s
// of the HTML renderer and 1.5 s of "Caching Webpack compilations" (webpack resolves every package
// Gatsby depends on as a build dependency). Deploys (cdk/deploy.ts), CI and the e2e run build clean,
// so it was written on every build and never read. A build over an earlier build takes ~5 s longer for it (14 s against 9 s).
// `gatsby develop` keeps its cache.
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, getConfig }) => {
  if (stage !== 'build-javascript' && stage !== 'build-html') return;
  const config = getConfig() as {
    cache: unknown;
    externals: unknown[];
    output: { chunkFilename: string; chunkLoadTimeout: number };
    devtool: unknown;
  };
  config.cache = false;
  if (stage === 'build-html') config.externals.push(/^aws-amplify(\/|$)/, /^@aws-amplify\//, /^@stripe\//);
  else {
    config.output.chunkFilename = '[id]-[contenthash:16].js';
    // The spec's lazy-chunk time-out: a chunk still loading then fails as ChunkLoadError, which takes
    // the chunk-failure path (error-screen/chunk-reload.ts).
    config.output.chunkLoadTimeout = CHUNK_LOAD_TIMEOUT_MS;
    // Source maps for our own error reports only: no chunk names its map, and none is uploaded
    // (cdk/site/unpublished-files.ts).
    config.devtool = 'hidden-source-map';
  }
  actions.replaceWebpackConfig(config);
};

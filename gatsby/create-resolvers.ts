import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { screenshotPublisher } from '../scripts/screenshots/publish';
import { visibleItems } from '../src/lib/filters';

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
        // densities: the srcset's multiples of the width, when not gatsby's four (the /tools cards').
        args: { width: 'Int!', densities: '[Float!]' },
        resolve: (file: { absolutePath: string }, args: { width: number; densities?: number[] | null }) =>
          screenshotImage(file.absolutePath, args.width, args.densities ?? undefined),
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

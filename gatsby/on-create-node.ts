import type { CreateNodeArgs, GatsbyNode } from 'gatsby';
import { lastChanged } from '../src/lib/content-history';

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

import type { GatsbyNode } from 'gatsby';
import { createPages } from '../gatsby/create-pages';

// gatsby-node's createPages, given the content as Gatsby's GraphQL layer would return it: the build
// stops (reporter.panicOnBuild) before creating any page when the content contradicts itself.

const tool = (id: string, title: string, updated: string, tags: string[]) => ({
  id: `node-${id}`,
  frontmatter: { id, title, path: title.toLowerCase().replace(/ /g, '-'), updated, tags },
});

function content(journalUpdated: string, announcements: object[] = []) {
  return {
    announcements: { nodes: announcements },
    tools: {
      nodes: [
        tool('T1', 'Treasury Rates', '2024-05-21', ['free']),
        tool('T33', 'Journal', journalUpdated, []),
      ],
    },
    changelog: {
      nodes: [
        { date: '2023-04-08', details: ['Initial release: Treasury Rates.'], introduces: ['T1'] },
        { date: '2023-09-26', details: ['New tool: Journal.'], introduces: ['T33'] },
      ],
    },
    articles: { nodes: [] },
    pages: { nodes: [] },
  };
}

async function build(data: ReturnType<typeof content>) {
  const panics: string[] = [];
  const created: string[] = [];
  const args = {
    graphql: () => Promise.resolve({ data }),
    actions: { createPage: (page: { path: string }) => created.push(page.path) },
    reporter: { panicOnBuild: (message: string) => panics.push(message) },
  } as unknown as Parameters<NonNullable<GatsbyNode['createPages']>>[0];
  await createPages?.(args, {} as never, () => undefined);
  return { panics, created };
}

describe('the site build', () => {
  it('creates the tool pages when the content agrees with itself', async () => {
    const { panics, created } = await build(content('2023-09-26'));
    expect(panics).toEqual([]);
    expect(created).toEqual(['/tool/treasury-rates', '/tool/journal']);
  });

  it('fails, naming the tool, when a Last Updated date is earlier than the changelog entry that introduced it', async () => {
    const { panics, created } = await build(content('2023-08-28'));
    expect(panics).toHaveLength(1);
    expect(panics[0]).toContain(
      'T33 Journal was last updated on 2023-08-28, before the changelog entry of 2023-09-26 that introduced it.',
    );
    expect(created).toEqual([]);
  });

  it('fails when an announcement says a release is out that the changelog does not have', async () => {
    const { panics, created } = await build(
      content('2023-09-26', [
        {
          yamlId: 'two',
          message: 'Stockbench 2.0 is now available.',
          startDate: '2026-11-01T00:00:00Z',
          release: '2.0',
        },
      ]),
    );
    expect(panics).toHaveLength(1);
    expect(panics[0]).toContain(
      'The announcement two announces version 2.0, which no changelog entry releases.',
    );
    expect(created).toEqual([]);
  });
});

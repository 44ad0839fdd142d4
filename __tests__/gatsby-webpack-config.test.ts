import type { CreateWebpackConfigArgs } from 'gatsby';
import { onCreateWebpackConfig } from '../gatsby/on-create-webpack-config';

// The build's webpack settings, given the configuration Gatsby would hand to the hook.

/** Stands for webpack's ProvidePlugin: its name and its `definitions` are what the hook reads. */
class ProvidePlugin {
  constructor(readonly definitions: Record<string, string>) {}
}

function configure(stage: string, plugins: unknown[]): { plugins: unknown[]; cache?: unknown } {
  const config = { cache: {}, externals: [], plugins, output: { chunkFilename: '' }, devtool: 'source-map' };
  let replaced: typeof config | undefined;
  const args = {
    stage,
    getConfig: () => config,
    actions: { replaceWebpackConfig: (next: typeof config) => (replaced = next) },
  } as unknown as CreateWebpackConfigArgs;
  void onCreateWebpackConfig?.(args, {} as never, () => undefined);
  if (!replaced) throw new Error(`the hook kept Gatsby's configuration for ${stage}`);
  return replaced;
}

describe('webpack configuration', () => {
  const nodeFetch = new ProvidePlugin({
    fetch: '/app/node_modules/node-fetch/lib/index.js',
    'global.fetch': '/app/node_modules/node-fetch/lib/index.js',
  });
  const other = new ProvidePlugin({ process: 'process/browser' });

  it.each(['build-html', 'develop-html'])(
    'server rendering (%s) uses Node’s own fetch, not node-fetch (which loads the deprecated punycode)',
    (stage) => {
      expect(configure(stage, [nodeFetch, other]).plugins).toEqual([other]);
    },
  );

  it('the browser bundle keeps its plugins and drops the persistent cache', () => {
    const config = configure('build-javascript', [other]);
    expect(config.plugins).toEqual([other]);
    expect(config.cache).toBe(false);
  });
});

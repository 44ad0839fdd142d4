import type { GatsbyNode } from 'gatsby';
import { CHUNK_LOAD_TIMEOUT_MS } from '../src/components/error-screen/chunk-reload';
import { clientJsMinifier, isJsMinifier } from './client-js-minifier';
import { transpileSourceWithSwc } from './source-transpiler';

// Chunk files named by id and content hash only: webpack's runtime, a first-visit script, otherwise
// carries a map from every chunk's id to its name (component---src-pages-…) to build the file names.
// Gatsby finds a page's chunks through webpack's stats, never by file name. 16 hex digits of hash
// (the site server's and CloudFront's rule for immutable files) instead of 20: the runtime lists them all.
// The HTML renderer runs in Node at build time, where Amplify and Stripe's React bindings load from
// node_modules as they are (their CommonJS builds) instead of being bundled again into it.
// No persistent webpack cache for the two production bundles: deploys (cdk/deploy.ts), CI and the e2e
// run build clean, so the cache (costly to write: webpack resolves every package Gatsby depends on as a
// build dependency) would be written on every build and never read.
// `gatsby develop` keeps its cache.
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, getConfig }) => {
  if (stage !== 'build-javascript' && stage !== 'build-html' && stage !== 'develop-html') return;
  const config = getConfig() as {
    cache: unknown;
    externals: unknown[];
    plugins: unknown[];
    output: { chunkFilename: string; chunkLoadTimeout: number };
    devtool: unknown;
    module: { rules: Array<Record<string, unknown>> };
    optimization?: { minimizer?: unknown[] };
  };
  if (stage !== 'build-javascript') {
    // Gatsby hands server rendering node-fetch 2 as its `fetch`; Node has its own since 18, and node-fetch
    // 2's URL parser loads Node's deprecated punycode module, whose warning (DEP0040) the HTML renderer's
    // workers write and the build reports as "ERROR UNKNOWN".
    config.plugins = config.plugins.filter((plugin) => !providesNodeFetch(plugin));
    if (stage === 'develop-html') {
      actions.replaceWebpackConfig(config);
      return;
    }
  }
  config.cache = false;
  transpileSourceWithSwc(config.module.rules, stage, process.cwd());
  if (stage === 'build-html') config.externals.push(/^aws-amplify(\/|$)/, /^@aws-amplify\//, /^@stripe\//);
  else {
    config.output.chunkFilename = '[id]-[contenthash:16].js';
    // The lazy-chunk time-out: a chunk still loading then fails as ChunkLoadError, which takes the
    // chunk-failure path (error-screen/chunk-reload.ts).
    config.output.chunkLoadTimeout = CHUNK_LOAD_TIMEOUT_MS;
    // Source maps for our own error reports only: no chunk names its map, and none is uploaded
    // (cdk/site/unpublished-files.ts).
    config.devtool = 'hidden-source-map';
    if (config.optimization?.minimizer) {
      config.optimization.minimizer = config.optimization.minimizer.map((plugin) =>
        isJsMinifier(plugin) ? clientJsMinifier() : plugin,
      );
    }
  }
  actions.replaceWebpackConfig(config);
};

/** webpack's ProvidePlugin as Gatsby adds it for server rendering: `fetch` from node-fetch. */
function providesNodeFetch(plugin: unknown): boolean {
  const definitions = (plugin as { definitions?: Record<string, unknown> } | null)?.definitions;
  return (
    (plugin as object | null)?.constructor.name === 'ProvidePlugin' &&
    String(definitions?.fetch ?? '').includes('node-fetch')
  );
}

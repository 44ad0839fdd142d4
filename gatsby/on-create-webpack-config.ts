import type { GatsbyNode } from 'gatsby';
import { CHUNK_LOAD_TIMEOUT_MS } from '../src/components/error-screen/chunk-reload';

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

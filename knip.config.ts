import type { KnipConfig } from 'knip';

// The unused-code check (`npm run knip`, part of `npm test`): files, exports, types and dependencies
// nothing uses. Entries are what runs without being imported by another file of ours.
const config: KnipConfig = {
  entry: [
    // Loaded by path: CDK bundles each handler, job and trigger, the local API server runs them in workers.
    'lambdas/endpoints/*/handler.ts',
    'lambdas/jobs/*.ts',
    'lambdas/triggers/*.ts',
    'cdk/bin/app.ts',
    // CloudFront Functions, read as source by CDK.
    'cdk/functions/**/*.js',
    // Run with tsx by npm scripts or by each other as child processes.
    'dev/*.ts',
    'dev/stripe-emulator/cli.ts',
    'bench/*.ts',
    'scripts/*.ts',
    // Local-only Cognito trigger, run by dev/lambda-invoke.ts; the Stripe.js stand-in, bundled by esbuild.
    'dev/cognito/token-claims.ts',
    'dev/stripe-emulator/stripe-js/stand-in.ts',
    // Local Gatsby plugins, named in gatsby-config.ts.
    'plugins/*/index.js',
    // Jest's test environment when TEST_CPU_LOG is set (jest.config.ts names it by path).
    'scripts/test-profile/cpu-environment.ts',
    // The browser tests' sequencer, which e2e/run.ts passes to Jest by path.
    'e2e/sequencer.js',
    '**/*.test.{ts,tsx}',
    '__mocks__/**/*.js',
  ],
  project: ['**/*.{ts,tsx,js,mjs}', '!public/**', '!.cache/**', '!cdk.out/**', '!bench/results/**'],
  ignoreDependencies: [
    // Jest loads jest.config.ts through ts-node.
    'ts-node',
    // Gatsby's peer dependency: its page queries are GraphQL, parsed by this package at build time.
    'graphql',
    // Run as command-line tools (bench/site.ts spawns lighthouse; e2e/links.e2e.test.ts spawns
    // linkinator, whose package is ESM-only).
    'lighthouse',
    'linkinator',
    // A webpack loader named by its package name (gatsby/source-transpiler.ts).
    'swc-loader',
  ],
};

export default config;

// How every handler is bundled (cdk/lib/handler-bundles.ts): one build, whose files the functions
// upload (node-function.ts) and the local stack and the tests run.
// Plain values only (no aws-cdk-lib import): the bundler loads this file outside CDK too.

export const HANDLER_BUNDLING = {
  /** esbuild target: the Lambda runtime's Node (node-function.ts), which the tests and the local stack
   * run on too (package.json's `node`; scripts/__tests__/one-node.test.ts checks they agree). */
  target: 'node24',
  format: 'cjs',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // Bundle everything, the AWS SDK v3 included (NodejsFunction's default for Node 18+ runtimes would
  // leave @aws-sdk/* to the runtime's copy). The SDK that runs is then the one package-lock.json pins
  // and the tests ran, not whichever version the runtime ships that month (AWS recommends bundling for
  // that control), and the local workers run exactly the file CDK deploys. The cost is larger assets and
  // a longer cold start (more code to compile, and a larger source map for Node to parse when the stripe
  // SDK captures a stack trace on its first request); the figures are in docs/performance.md.
  externalModules: [] as readonly string[],
  // React (the mail templates, lambdas/mail/) picks its production build by NODE_ENV, which Lambda does
  // not set: defined here, only the production build (without the development checks and warnings) is bundled and runs.
  define: { 'process.env.NODE_ENV': '"production"' } as Readonly<Record<string, string>>,
} as const;

/**
 * The esbuild options CDK's NodejsFunction would derive from HANDLER_BUNDLING (aws-lambda-nodejs/lib/bundling.ts:
 * `esbuild --bundle <entry> --target=… --platform=node --format=… --minify --sourcemap
 * --sources-content=false --external:… --define:…`), for a direct esbuild build().
 */
export function handlerEsbuildOptions(): {
  bundle: true;
  platform: 'node';
  target: string;
  format: 'cjs';
  minify: boolean;
  sourcemap: boolean;
  sourcesContent: boolean;
  external: string[];
  define: Record<string, string>;
} {
  return {
    bundle: true,
    platform: 'node',
    target: HANDLER_BUNDLING.target,
    format: HANDLER_BUNDLING.format,
    minify: HANDLER_BUNDLING.minify,
    sourcemap: HANDLER_BUNDLING.sourceMap,
    sourcesContent: HANDLER_BUNDLING.sourcesContent,
    external: [...HANDLER_BUNDLING.externalModules],
    define: { ...HANDLER_BUNDLING.define },
  };
}

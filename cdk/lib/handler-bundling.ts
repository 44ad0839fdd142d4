// How every handler is bundled: read by CDK's NodejsFunction (node-function.ts) and by the local stack's
// bundler (dev/iam/bundle.ts), so the code tested locally is built exactly as the code deployed.
// Plain values only (no aws-cdk-lib import): the local bundler loads this file too.

export const HANDLER_BUNDLING = {
  /** esbuild target; the functions run on a newer Node (NODE_RUNTIME), the code is built for node20 and up. */
  target: 'node20',
  format: 'cjs',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // Bundle everything: what is tested is exactly what runs (a module left external would be resolved
  // from the Lambda runtime in AWS, and from node_modules locally).
  externalModules: [] as readonly string[],
} as const;

/**
 * The esbuild options NodejsFunction derives from HANDLER_BUNDLING (aws-lambda-nodejs/lib/bundling.ts:
 * `esbuild --bundle <entry> --target=… --platform=node --format=… --minify --sourcemap
 * --sources-content=false --external:…`), for a direct esbuild build().
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
  };
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { HANDLER_BUNDLING, handlerEsbuildOptions } from '../../cdk/lib/handler-bundling';
import type { BundleRow, SdkVariant } from '../api-report';
import { ROOT } from './args';

// The tree's handlers bundled as CDK bundles them, per SDK variant, with what each bundle is made of;
// and the cold phase's runner.

/** esbuild's options as CDK runs them (cdk/lib/handler-bundling.ts), with the variant's externals. */
export function variantOptions(variant: SdkVariant) {
  return { ...handlerEsbuildOptions(), external: variant === 'runtime' ? ['@aws-sdk/*'] : [] };
}

/** The variant the shared options build today. */
export function deployedVariant(): SdkVariant {
  return HANDLER_BUNDLING.externalModules.some((m) => m.startsWith('@aws-sdk/')) ? 'runtime' : 'bundled';
}

type Part = keyof BundleRow['parts'];

/** The part a package belongs to when own code imports it. */
function partOfPackage(input: string): Part {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
  if (!pkg) return 'own';
  if (/^@(aws-sdk|smithy|aws-crypto|aws)\//.test(pkg)) return 'awsSdk';
  if (pkg === 'stripe') return 'stripe';
  return 'otherDeps';
}

/**
 * Each input of a bundle attributed to what brought it in: own code, or the package own code imported
 * (so the SDK's own dependencies, e.g. bowser or mnemonist, count as the SDK). Breadth-first from the
 * entry point; an input reached both ways counts for the nearer importer.
 */
function attribute(metafile: Metafile, entry: string): Map<string, Part> {
  const owner = new Map<string, Part>([[entry, 'own']]);
  const queue = [entry];
  for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
    const from = owner.get(input) ?? 'own';
    for (const imp of metafile.inputs[input]?.imports ?? []) {
      if (imp.external || owner.has(imp.path)) continue;
      owner.set(imp.path, from === 'own' ? partOfPackage(imp.path) : from);
      queue.push(imp.path);
    }
  }
  return owner;
}

/**
 * Every handler of the tree built as CDK builds it, into `outdir` (inside the tree, so that a module
 * left external resolves from the tree's node_modules as the runtime's copy would). One esbuild call.
 */
/** A tree's handler module: its endpoint's folder, or lambdas/handlers/ in trees from before the folders. */
export function treeHandlerFile(root: string, handler: string): string {
  const inFolder = path.join(root, 'lambdas', 'endpoints', handler, 'handler.ts');
  return existsSync(inFolder) ? inFolder : path.join(root, 'lambdas', 'handlers', `${handler}.ts`);
}

export async function buildBundles(
  root: string,
  handlers: string[],
  variant: SdkVariant,
  outdir: string,
): Promise<{ files: Record<string, string>; rows: BundleRow[] }> {
  const result = await build({
    ...variantOptions(variant),
    entryPoints: handlers.map((h) => ({
      in: treeHandlerFile(root, h),
      out: `${h}/index`,
    })),
    outdir,
    absWorkingDir: root,
    metafile: true,
    logLevel: 'silent',
  });
  const files: Record<string, string> = {};
  const rows: BundleRow[] = [];
  for (const handler of handlers) {
    const js = path.join(outdir, handler, 'index.js');
    files[handler] = js;
    const code = await readFile(js);
    const map = await readFile(`${js}.map`);
    const meta = result.metafile.outputs[path.relative(root, js)];
    const owner = attribute(result.metafile, meta?.entryPoint ?? '');
    const parts = { awsSdk: 0, stripe: 0, otherDeps: 0, own: 0 };
    for (const [input, { bytesInOutput }] of Object.entries(meta?.inputs ?? {}))
      parts[owner.get(input) ?? partOfPackage(input)] += bytesInOutput;
    rows.push({
      handler,
      js: code.length,
      map: map.length,
      zipped: deflateRawSync(code).length + deflateRawSync(map).length,
      parts,
    });
  }
  return { files, rows };
}

/** bench/cold-runner.ts (with bench/own-time.ts) as one plain .cjs for `node`. */
export async function buildColdRunner(outfile: string): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, 'bench', 'cold-runner.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: HANDLER_BUNDLING.target,
    format: 'cjs',
    logLevel: 'error',
  });
}

import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, version as esbuildVersion } from 'esbuild';
import { handlerEsbuildOptions } from './handler-bundling';

// The handlers as CDK deploys them and the local stack runs them: one esbuild bundle per handler, built
// with the options CDK's NodejsFunction would use (cdk/lib/handler-bundling.ts), all in one esbuild
// call. The output is cached under node_modules/.cache/stockbench-handlers/<hash of the inputs>/
// (inside the repository, so a bundle that leaves a package external still resolves it from
// node_modules); it is built in a temporary directory and renamed into place, so parallel test workers
// building at once never see half a build.

const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const DEFAULT_HANDLERS_DIR = path.join(REPO_ROOT, 'lambdas', 'endpoints');
const CACHE_ROOT = path.join(REPO_ROOT, 'node_modules', '.cache', 'stockbench-handlers');
/** Bundles of other inputs are removed once unused this long (each use refreshes the time). */
const KEEP_UNUSED_MS = 24 * 3600_000;
const MANIFEST = 'manifest.json';

export interface HandlerBundles {
  /** The bundle (index.js) of each handler, by name. */
  files: Record<string, string>;
  dir: string;
  /** Where V8 keeps the bundles' compiled code between cold starts (dev/lambda-workers.ts). */
  compileCache: string;
  hash: string;
  /** False when the bundles came from the cache. */
  built: boolean;
  ms: number;
}

/** Every source file under `dir`, tests excluded, as [relative path, absolute path], sorted. */
async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__' && entry.name !== 'node_modules') await walk(full);
      } else if (/\.(ts|tsx|js|mjs|cjs|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        out.push(full);
      }
    }
  };
  await walk(dir);
  return out.sort();
}

/**
 * Directories whose files are hashed: lambdas/, src/lib/ (pure rules the site shares with the API,
 * such as the email address rule: the site may not import from lambdas/), and the handlers' own
 * directory when elsewhere.
 */
function hashedDirs(handlersDir: string): string[] {
  const lambdas = path.join(REPO_ROOT, 'lambdas');
  const shared = path.join(REPO_ROOT, 'src', 'lib');
  return handlersDir.startsWith(`${lambdas}${path.sep}`) ? [lambdas, shared] : [lambdas, shared, handlersDir];
}

async function inputsHash(handlersDir: string, entries: Record<string, string>): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ options: handlerEsbuildOptions(), esbuildVersion, entries }));
  const files = [
    path.join(REPO_ROOT, 'package-lock.json'),
    path.join(REPO_ROOT, 'tsconfig.json'),
    ...(await Promise.all(hashedDirs(handlersDir).map(sourceFiles))).flat(),
  ];
  for (const file of files) {
    hash.update(`\0${path.relative(REPO_ROOT, file)}\0`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * The module of handler `name` in `dir`: `<name>/handler.ts` (an endpoint's folder, lambdas/endpoints/)
 * or `<name>.ts` (the jobs, the triggers).
 */
export function handlerFile(dir: string, name: string): string {
  const inFolder = path.join(dir, name, 'handler.ts');
  return existsSync(inFolder) ? inFolder : path.join(dir, `${name}.ts`);
}

/**
 * The handler modules of a directory, by name: each folder's handler.ts (lambdas/endpoints/, whose
 * other files are registries, not handlers), or, in a directory without such folders (the jobs, the
 * triggers), each .ts file but tests and declarations.
 */
async function handlerEntries(handlersDir: string): Promise<Record<string, string>> {
  const entries = await readdir(handlersDir, { withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !/\.(d|test)\.ts$/.test(e.name))
    .map((e) => [e.name.slice(0, -3), path.join(handlersDir, e.name)] as const);
  const folders = entries
    .filter((e) => e.isDirectory() && existsSync(path.join(handlersDir, e.name, 'handler.ts')))
    .map((e) => [e.name, path.join(handlersDir, e.name, 'handler.ts')] as const);
  return Object.fromEntries((folders.length ? folders : files).sort(([a], [b]) => a.localeCompare(b)));
}

async function readManifest(dir: string): Promise<Record<string, string> | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Record<string, string>;
  } catch {
    return undefined;
  }
}

/** Builds in flight in this process, by directory: a second caller waits for the same build. */
const inFlight = new Map<string, Promise<HandlerBundles>>();

/** Builds (or finds in the cache) the bundle of every handler in `handlersDir`. */
export function buildHandlerBundles(
  handlersDir = DEFAULT_HANDLERS_DIR,
  { prune = true }: { prune?: boolean } = {},
): Promise<HandlerBundles> {
  const dir = path.resolve(handlersDir);
  let pending = inFlight.get(dir);
  if (!pending) {
    pending = bundle(dir, prune).finally(() => inFlight.delete(dir));
    inFlight.set(dir, pending);
  }
  return pending;
}

/** A build's directory, and its compile cache inside it (removed with it by pruneCache). */
const cacheDirs = (dir: string) => ({ dir, compileCache: path.join(dir, '.compile-cache') });

async function bundle(dir: string, prune: boolean): Promise<HandlerBundles> {
  const started = Date.now();
  const entries = await handlerEntries(dir);
  const hash = await inputsHash(dir, entries);
  const final = path.join(CACHE_ROOT, hash);
  const filesOf = (names: Record<string, string>) =>
    Object.fromEntries(Object.keys(names).map((name) => [name, path.join(final, name, 'index.js')]));

  if (await readManifest(final)) {
    const now = new Date();
    await utimes(final, now, now).catch(() => undefined);
    return { files: filesOf(entries), ...cacheDirs(final), hash, built: false, ms: Date.now() - started };
  }

  await mkdir(CACHE_ROOT, { recursive: true });
  const tmp = path.join(CACHE_ROOT, `.tmp-${hash}-${randomBytes(4).toString('hex')}`);
  try {
    const result = await build({
      ...handlerEsbuildOptions(),
      // As NodejsFunction lays out each asset: <handler>/index.js (+ index.js.map).
      entryPoints: Object.entries(entries).map(([name, file]) => ({ in: file, out: `${name}/index` })),
      outdir: tmp,
      absWorkingDir: REPO_ROOT,
      metafile: true,
      logLevel: 'silent',
    });
    // The cache key covers only the hashed directories: a handler importing anything else (outside
    // node_modules, which package-lock.json covers) would be served stale after that file changes.
    const unhashed = Object.keys(result.metafile.inputs)
      .map((input) => path.resolve(REPO_ROOT, input))
      .filter(
        (input) =>
          !input.includes(`${path.sep}node_modules${path.sep}`) &&
          !hashedDirs(dir).some((d) => input.startsWith(`${d}${path.sep}`)),
      );
    if (unhashed.length) {
      throw new Error(
        `Handlers import files outside ${hashedDirs(dir).join(', ')}, which the bundle cache does not ` +
          `hash: ${unhashed.join(', ')}. Move them under lambdas/ or extend cdk/lib/handler-bundles.ts.`,
      );
    }
    await writeFile(path.join(tmp, MANIFEST), JSON.stringify(entries, null, 2));
    try {
      await rename(tmp, final);
    } catch (error) {
      // Another process finished the same build first: its output is identical; use it.
      if (!(await readManifest(final))) throw error;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  if (prune) void pruneCache(hash);
  return { files: filesOf(entries), ...cacheDirs(final), hash, built: true, ms: Date.now() - started };
}

/** Removes bundles of other inputs not used for KEEP_UNUSED_MS, and temporary dirs left by a crash. */
async function pruneCache(keep: string): Promise<void> {
  try {
    for (const name of await readdir(CACHE_ROOT)) {
      if (name === keep) continue;
      const full = path.join(CACHE_ROOT, name);
      const { mtimeMs } = await stat(full);
      if (Date.now() - mtimeMs > KEEP_UNUSED_MS && existsSync(full)) {
        await rm(full, { recursive: true, force: true });
      }
    }
  } catch {
    // Pruning is best effort.
  }
}

/** The directories of the handlers CDK deploys: the endpoints, the scheduled jobs, the Cognito triggers. */
const DEPLOYED_DIRS = ['endpoints', 'jobs', 'triggers'].map((d) => path.join(REPO_ROOT, 'lambdas', d));

/**
 * Every deployed handler's bundle directory (index.js and index.js.map), by its entry file relative to
 * the repository root, as ProductFunction names it: what `cdk synth` uploads, and the very files the
 * local stack and the tests run.
 */
export async function deployedBundles(): Promise<Record<string, string>> {
  const dirs: Record<string, string> = {};
  for (const handlersDir of DEPLOYED_DIRS) {
    // No pruning here: it could remove a sibling directory's bundle, unused for a day, between its
    // lookup and CDK staging it; the local stack and the tests prune.
    const { files } = await buildHandlerBundles(handlersDir, { prune: false });
    for (const [name, file] of Object.entries(files)) {
      dirs[path.relative(REPO_ROOT, handlerFile(handlersDir, name))] = path.dirname(file);
    }
  }
  return dirs;
}

// A page open across a deploy asks for code chunks the deploy removed (their names carry a content
// hash). Reloading fetches the new HTML and chunk names; the guard makes it once per page address so a
// chunk that is really broken shows the error screen instead of reloading forever.

const GUARD_KEY = 'stockbench:chunk-reload';
/** A lazy code chunk that has not loaded after two minutes fails, and takes the path below. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** A second failure on the same address within this time means the reload did not help. */
const GUARD_MS = 60_000;

/**
 * Webpack's ChunkLoadError ("Loading chunk 123 failed"), its CSS twin, native import() failures, and
 * Gatsby's failure to fetch a static query result that a deploy replaced.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return (
    typeof message === 'string' &&
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|The result of this StaticQuery could not be fetched/i.test(
      message,
    )
  );
}

/** The reload itself, one object so tests can watch it (jsdom cannot navigate). */
export const page = { reload: (): void => window.location.reload() };

interface Guard {
  path: string;
  at: number;
}

function readGuard(): Guard | undefined {
  try {
    const raw = window.sessionStorage.getItem(GUARD_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (typeof parsed === 'object' && parsed !== null) {
      const { path, at } = parsed as { path?: unknown; at?: unknown };
      if (typeof path === 'string' && typeof at === 'number') return { path, at };
    }
  } catch {
    // Storage disabled or a value of another shape: as if never reloaded.
  }
  return undefined;
}

/**
 * Reloads the page for a chunk failure unless this address was just reloaded for one. Answers whether
 * it reloaded (false: the caller shows the error instead).
 */
export function reloadOnceForChunkError(now = Date.now()): boolean {
  const path = window.location.pathname + window.location.search;
  const guard = readGuard();
  if (guard && guard.path === path && now - guard.at < GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(GUARD_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Without storage the guard cannot hold: do not risk a reload loop.
    return false;
  }
  page.reload();
  return true;
}

/**
 * Chunk failures outside rendering (a click handler's import(), Gatsby's prefetch) reach no error
 * boundary; they end as unhandled rejections. Installed once on client entry.
 */
export function reloadOnUnhandledChunkError(): void {
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadOnceForChunkError()) event.preventDefault();
  });
}

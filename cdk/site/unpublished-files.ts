// Files `gatsby build` leaves in public/ that the site never serves: the JavaScript source maps. They
// would hand anyone the readable source of every chunk; the build keeps them (without a
// sourceMappingURL comment in the chunks, gatsby-node.ts) for reading an error report's stack
// against. The upload leaves them out (site-content-stack.ts), and the local site server answers 404.

/** Patterns in `aws s3 sync` filter syntax (BucketDeployment's exclude). */
export const UNPUBLISHED_FILE_GLOBS = ['*.map'] as const;

/**
 * Whether a URL path names a file the site never serves, read as the file it would open: decoded, so
 * `/x.js.ma%70` and `/x.js%2Emap` are the map they spell.
 */
export const isUnpublished = (urlPath: string): boolean => {
  const raw = urlPath.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape opens no file: the server answers it as a missing file.
  }
  return /\.map$/i.test(decoded);
};

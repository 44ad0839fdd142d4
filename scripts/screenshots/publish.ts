/**
 * The build's side of the screenshots: gatsby-plugin-image data for a screenshot at a display width,
 * built from the files `npm run screenshots` made, each linked into public/static/<digest>/ (content-
 * addressed, so cached for a year like Gatsby's own /static/ files), with the dark variant's sources
 * for the dark scheme. Stale or missing sizes fail the build with what to run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { screenshotImageData, sizedFileName } from '../../src/lib/screenshot-image';
import { darkName } from './scheme';
import { readSizedManifest, SIZED_DIR, type SizedManifest } from './sized-manifest';

const DIGEST_CHARS = 20;

// A hard link costs a directory entry where a copy writes the file again: the build publishes some
// 1,100 of them, and copying them was a second of the query phase. A copy where linking is refused
// (public/ on another file system, or one without hard links).
const CANNOT_LINK = new Set(['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EACCES']);

function publish(file: string, digest: string, publicDir: string): string {
  const urlPath = `/static/${digest.slice(0, DIGEST_CHARS)}/${path.basename(file)}`;
  const target = path.join(publicDir, urlPath);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.linkSync(file, target);
    } catch (error) {
      if (!CANNOT_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      fs.copyFileSync(file, target);
    }
  }
  return urlPath;
}

/** The media query of the dark pictures' sources: the browser picks the scheme, no script does. */
export const DARK_MEDIA = '(prefers-color-scheme: dark)';

export function screenshotPublisher(publicDir: string, manifest: SizedManifest = readSizedManifest()) {
  const imageData = (png: string, displayWidth: number, densities?: number[]): IGatsbyImageData => {
    const name = path.basename(png);
    const entry = manifest[name];
    const rerun = 'run npm run screenshots -- --sized';
    if (!entry) throw new Error(`${name} has no sizes in sized.json; ${rerun}`);
    if (!fs.existsSync(png)) throw new Error(`${name} is missing; run npm run screenshots`);
    const digest = crypto.createHash('sha256').update(fs.readFileSync(png)).digest('hex');
    if (digest !== entry.source) throw new Error(`${name} changed since its sizes were made; ${rerun}`);
    const source = { name, width: entry.width, height: entry.height };
    return screenshotImageData(
      source,
      displayWidth,
      (width, format) => {
        if (format === 'png' && width === entry.width) return publish(png, entry.source, publicDir);
        const fileDigest = entry[format][String(width)];
        if (!fileDigest) throw new Error(`${name} has no ${format} ${width} px wide; ${rerun}`);
        return publish(path.join(SIZED_DIR, sizedFileName(name, width, format)), fileDigest, publicDir);
      },
      densities,
    );
  };
  /**
   * `png` is the screenshot's committed file (content/images/tools/<name>); `densities` as
   * screenshotImageData's. The dark variant's WebP sources come first, for the dark scheme only; the
   * light WebP and the PNG fallback serve the rest. It is gatsby-plugin-image's withArtDirection without
   * the dark PNG source that adds: every browser that knows the dark scheme reads WebP, and each
   * srcset is HTML on every page that shows the picture.
   */
  return (png: string, displayWidth: number, densities?: number[]): IGatsbyImageData => {
    const light = imageData(png, displayWidth, densities);
    const dark = imageData(
      path.join(path.dirname(png), darkName(path.basename(png))),
      displayWidth,
      densities,
    );
    const darkSources = (dark.images.sources ?? []).map((source) => ({ ...source, media: DARK_MEDIA }));
    return {
      ...light,
      images: { ...light.images, sources: [...darkSources, ...(light.images.sources ?? [])] },
    };
  };
}

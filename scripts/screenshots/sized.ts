/** Renders the WebP sizes the site shows of one screenshot (src/lib/screenshot-image.ts). */
import sharp from 'sharp';
import { features } from '../../src/components/home/features';
import { SCREENSHOT_WIDTHS, sizedFileName, sizedVariants } from '../../src/lib/screenshot-image';
import { sha256 } from './digests';
import type { SizedManifest } from './sized-manifest';

const onHomePage = new Set(features.flatMap((feature) => feature.screenshots));

/** The display widths a screenshot appears at: every tool page's, and the home page's for its own. */
export function displayWidths(name: string): number[] {
  const { toolThumb, homeThumb, full } = SCREENSHOT_WIDTHS;
  return onHomePage.has(name) ? [toolThumb, homeThumb, full] : [toolThumb, full];
}

export interface RenderedSizes {
  entry: SizedManifest[string];
  /** File contents by file name (content/images/tools/sized/). */
  files: Map<string, Buffer>;
}

/**
 * Every WebP size of one screenshot and its manifest entry. The encoding is gatsby-plugin-sharp's
 * default (WebP quality 50 after sharp's resize), so the files are the bytes its image jobs produced.
 */
export async function renderSized(name: string, png: Buffer): Promise<RenderedSizes> {
  const { width, height } = await sharp(png).metadata();
  if (!width || !height) throw new Error(`${name}: cannot read its size`);
  const source = { name, width, height };
  const sizes = new Map(
    displayWidths(name)
      .flatMap((display) => sizedVariants(source, display))
      .map((v) => [v.width, v.height] as const),
  );
  const files = new Map<string, Buffer>();
  const webp: Record<string, string> = {};
  for (const [w, h] of [...sizes].sort(([a], [b]) => a - b)) {
    const file = await sharp(png).rotate().resize(w, h, { fit: 'cover' }).webp({ quality: 50 }).toBuffer();
    files.set(sizedFileName(name, w), file);
    webp[String(w)] = sha256(file);
  }
  return { entry: { width, height, png: sha256(png), webp }, files };
}

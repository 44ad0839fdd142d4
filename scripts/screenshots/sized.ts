/** Renders the sizes the site shows of one screenshot (src/lib/screenshot-image.ts). */
import sharp from 'sharp';
import { features, heroScreenshot } from '../../src/components/home/features';
import { SCREENSHOT_WIDTHS, sizedFileName, sizedVariants } from '../../src/lib/screenshot-image';
import { sha256 } from './digests';
import { lightName } from './scheme';
import type { SizedManifest } from './sized-manifest';

const onHomePage = new Set([heroScreenshot, ...features.flatMap((feature) => feature.screenshots)]);

/**
 * The display widths a screenshot appears at: every tool page's, and the home page's for its own; a
 * dark variant's are its light one's.
 */
export function displayWidths(name: string): number[] {
  const { toolThumb, homeThumb, full } = SCREENSHOT_WIDTHS;
  return onHomePage.has(lightName(name)) ? [toolThumb, homeThumb, full] : [toolThumb, full];
}

export interface RenderedSizes {
  entry: SizedManifest[string];
  /** File contents by file name (content/images/tools/sized/). */
  files: Map<string, Buffer>;
}

/**
 * Every size of one screenshot, as WebP and PNG, and its manifest entry. The encoding is
 * gatsby-plugin-sharp's defaults (quality 50 after sharp's resize), so the files are the bytes its
 * image jobs produced; at the screenshot's own width the PNG is the committed file itself.
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
  const entry: SizedManifest[string] = { width, height, source: sha256(png), webp: {}, png: {} };
  for (const [w, h] of [...sizes].sort(([a], [b]) => a - b)) {
    const resized = () => sharp(png).rotate().resize(w, h, { fit: 'cover' });
    const webp = await resized().webp({ quality: 50 }).toBuffer();
    files.set(sizedFileName(name, w, 'webp'), webp);
    entry.webp[String(w)] = sha256(webp);
    if (w === width) continue;
    const small = await resized()
      .png({ compressionLevel: 9, adaptiveFiltering: false, quality: 50 })
      .toBuffer();
    files.set(sizedFileName(name, w, 'png'), small);
    entry.png[String(w)] = sha256(small);
  }
  return { entry, files };
}

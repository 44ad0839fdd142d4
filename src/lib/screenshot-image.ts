// The screenshots' sizes for gatsby-plugin-image, made once by `npm run screenshots` instead of by
// image jobs on every build (those were most of a clean build's time). The script writes each width a
// srcset lists, as WebP and PNG, into content/images/tools/sized/; the build hands the pages image data
// built from those files with gatsby-plugin-image's getImageData (the same srcset widths, sizes and
// dimensions as its sharp resolver). Used by the build and the script only, never by the browser.
import { getImageData, type IGatsbyImageData } from 'gatsby-plugin-image';

/** The widths (CSS px, constrained layout) at which pages show screenshots. */
export const SCREENSHOT_WIDTHS = {
  /** Tool pages' thumbnails. */
  toolThumb: 720,
  /** The home page's thumbnails. */
  homeThumb: 560,
  /** The lightbox. */
  full: 1200,
} as const;
// The cards on /tools show a screenshot at 180 px with densities 1 and 2: the 180 and 360 px files that
// toolThumb's srcset already lists, so the cards need no sizes of their own.

export interface ScreenshotSource {
  /** File name in content/images/tools, e.g. `treasury-rates-1.png`. */
  name: string;
  width: number;
  height: number;
}

export type SizedFormat = 'png' | 'webp';

export interface SizedVariant {
  width: number;
  height: number;
}

const stem = (name: string): string => name.replace(/\.png$/, '');

/** The committed file of one size, in content/images/tools/sized/ (the full width is the PNG itself). */
export const sizedFileName = (name: string, width: number, format: SizedFormat): string =>
  `${stem(name)}-${width}.${format}`;

/** The sizes the srcsets of a screenshot shown at `displayWidth` list (each as PNG and WebP). */
export function sizedVariants(source: ScreenshotSource, displayWidth: number): SizedVariant[] {
  const variants: SizedVariant[] = [];
  getImageData({
    baseUrl: source.name,
    sourceWidth: source.width,
    sourceHeight: source.height,
    width: displayWidth,
    layout: 'constrained',
    formats: ['webp'],
    urlBuilder: ({ width, height }) => {
      variants.push({ width, height });
      return `${width}w`;
    },
  });
  return variants;
}

/**
 * gatsby-plugin-image data for a screenshot shown at `displayWidth`: WebP sources and a PNG fallback at
 * every width of the srcset, as gatsby-plugin-sharp's resolver made them. `url` gives a size's URL;
 * `densities` narrows the srcset to those multiples of the display width (default: gatsby's four).
 */
export function screenshotImageData(
  source: ScreenshotSource,
  displayWidth: number,
  url: (width: number, format: SizedFormat) => string,
  densities?: number[],
): IGatsbyImageData {
  return getImageData({
    ...(densities ? { outputPixelDensities: densities } : {}),
    baseUrl: source.name,
    sourceWidth: source.width,
    sourceHeight: source.height,
    width: displayWidth,
    layout: 'constrained',
    formats: ['png', 'webp'],
    pluginName: 'stockbench-screenshots',
    urlBuilder: ({ width, format }) => url(width, format === 'webp' ? 'webp' : 'png'),
  });
}

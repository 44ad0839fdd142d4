// The screenshots' sizes for gatsby-plugin-image, made once by `npm run screenshots` instead of by
// image jobs on every build (those were most of a clean build's time). The script writes each WebP
// width a srcset lists into content/images/tools/sized/; the build hands the pages image data built
// from those files with gatsby-plugin-image's getImageData (the same srcset widths, sizes and
// dimensions as its sharp resolver), and the committed PNG is the fallback of browsers without WebP.
// Used by the build and the script only, never by the browser.
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

export interface ScreenshotSource {
  /** File name in content/images/tools, e.g. `treasury-rates-1.png`. */
  name: string;
  width: number;
  height: number;
}

/** URLs of the published files: a WebP width, and the source PNG. */
export interface ScreenshotUrls {
  webp: (width: number) => string;
  png: string;
}

export interface SizedVariant {
  width: number;
  height: number;
}

const stem = (name: string): string => name.replace(/\.png$/, '');

/** The committed file of one WebP width, in content/images/tools/sized/. */
export const sizedFileName = (name: string, width: number): string => `${stem(name)}-${width}.webp`;

function imageData(source: ScreenshotSource, displayWidth: number, urls: ScreenshotUrls): IGatsbyImageData {
  return getImageData({
    baseUrl: source.name,
    sourceWidth: source.width,
    sourceHeight: source.height,
    width: displayWidth,
    layout: 'constrained',
    formats: ['png', 'webp'],
    pluginName: 'stockbench-screenshots',
    urlBuilder: ({ width, format }) => (format === 'webp' ? urls.webp(width) : urls.png),
  });
}

/** The WebP sizes the srcset of a screenshot shown at `displayWidth` lists. */
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
 * gatsby-plugin-image data for a screenshot shown at `displayWidth`: WebP at every width of the srcset,
 * the source PNG (the largest size) as the fallback of browsers without WebP.
 */
export function screenshotImageData(
  source: ScreenshotSource,
  displayWidth: number,
  urls: ScreenshotUrls,
): IGatsbyImageData {
  const data = imageData(source, displayWidth, urls);
  const { fallback } = data.images;
  return {
    ...data,
    images: {
      ...data.images,
      fallback: { src: urls.png, srcSet: `${urls.png} ${source.width}w`, sizes: fallback?.sizes },
    },
  };
}

import React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';

interface ResponsiveImageProps {
  /** gatsby-plugin-image data of the file (a screenshot's: the build's screenshotImage field). */
  image: IGatsbyImageData;
  alt: string;
  loading: 'eager' | 'lazy';
  /** How wide the page shows it (the srcset's `sizes`), when not the image data's own width. */
  sizes?: string;
  /** The page's largest paint: fetched before other images. */
  priority?: boolean;
}

/**
 * An image processed by gatsby-plugin-image, written as a plain <picture>. GatsbyImage wraps its image in
 * <div>s (not allowed inside the <button> that opens the lightbox) and leaves a lazy image without src
 * until its script runs; browsers lazy-load natively, and width and height reserve the box.
 */
export function ResponsiveImage({ image, alt, loading, sizes, priority = false }: ResponsiveImageProps) {
  const { fallback, sources = [] } = image.images;
  if (!fallback) return null;
  // React 18 knows no fetchPriority prop; the lowercase attribute reaches the DOM as written. The
  // largest paint is decoded with its frame (decoding's default), not in a later one as other images.
  const paint = priority ? { fetchpriority: 'high' } : { decoding: 'async' as const };
  return (
    <picture>
      {sources.map((source) => (
        <source
          key={`${source.type ?? ''} ${source.media ?? ''}`}
          type={source.type}
          media={source.media}
          srcSet={source.srcSet}
          sizes={sizes ?? source.sizes ?? fallback.sizes}
        />
      ))}
      <img
        src={fallback.src}
        srcSet={fallback.srcSet}
        sizes={sizes ?? fallback.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        {...paint}
      />
    </picture>
  );
}

import React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';

interface ResponsiveImageProps {
  /** gatsby-plugin-image data of the file (a screenshot's: the build's screenshotImage field). */
  image: IGatsbyImageData;
  alt: string;
  loading: 'eager' | 'lazy';
}

/**
 * An image processed by gatsby-plugin-image, written as a plain <picture>. GatsbyImage wraps its image in
 * <div>s (not allowed inside the <button> that opens the lightbox) and leaves a lazy image without src
 * until its script runs; browsers lazy-load natively, and width and height reserve the box.
 */
export function ResponsiveImage({ image, alt, loading }: ResponsiveImageProps) {
  const { fallback, sources = [] } = image.images;
  if (!fallback) return null;
  return (
    <picture>
      {sources.map((source) => (
        <source
          key={`${source.type ?? ''} ${source.media ?? ''}`}
          type={source.type}
          media={source.media}
          srcSet={source.srcSet}
          sizes={source.sizes ?? fallback.sizes}
        />
      ))}
      <img
        src={fallback.src}
        srcSet={fallback.srcSet}
        sizes={fallback.sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        decoding="async"
      />
    </picture>
  );
}

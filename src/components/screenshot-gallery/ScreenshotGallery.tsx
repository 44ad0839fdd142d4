import React, { useState } from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Lightbox } from '../lightbox/Lightbox';
import { ResponsiveImage } from '../responsive-image/ResponsiveImage';
import './gallery.css';

export interface GalleryImage {
  alt: string;
  thumb: IGatsbyImageData;
  full: IGatsbyImageData;
}

interface GalleryProps {
  images: readonly GalleryImage[];
  /** The first image is the page's largest paint: load it eagerly. */
  eagerFirst?: boolean;
  /** The first image large, across the gallery's width (at its full size), the others below it. */
  featured?: boolean;
  /** The first image's width on the page when featured (the srcset's `sizes`). */
  featuredSizes?: string;
  className?: string;
}

/** Screenshots that open the lightbox at the one clicked. */
export function ScreenshotGallery({
  images,
  eagerFirst = false,
  featured = false,
  featuredSizes,
  className = '',
}: GalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className={`gallery${featured ? ' gallery--featured' : ''} ${className}`.trim()}>
        {images.map((img, i) => {
          const lead = featured && i === 0;
          return (
            <li key={i} className={lead ? 'gallery__lead' : undefined}>
              <button
                type="button"
                className="gallery__thumb"
                onClick={() => setOpen(i)}
                aria-label={`Enlarge: ${img.alt}`}
              >
                <ResponsiveImage
                  image={lead ? img.full : img.thumb}
                  alt={img.alt}
                  loading={eagerFirst && i === 0 ? 'eager' : 'lazy'}
                  priority={eagerFirst && i === 0}
                  sizes={lead ? featuredSizes : undefined}
                />
              </button>
            </li>
          );
        })}
      </ul>
      <GalleryLightbox images={images} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The full-size pictures in the lightbox, at `open` (none while it is null). */
export function GalleryLightbox({
  images,
  open,
  onOpenChange,
}: {
  images: readonly GalleryImage[];
  open: number | null;
  onOpenChange: (index: number | null) => void;
}) {
  if (open === null) return null;
  return (
    <Lightbox
      images={images.map((img) => ({ image: img.full, alt: img.alt }))}
      index={open}
      onIndexChange={onOpenChange}
      onClose={() => onOpenChange(null)}
    />
  );
}

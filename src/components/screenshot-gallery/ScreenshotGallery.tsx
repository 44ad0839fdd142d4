import React, { useState } from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Lightbox } from '../lightbox/Lightbox';
import { ResponsiveImage } from '../responsive-image/ResponsiveImage';

export interface GalleryImage {
  alt: string;
  thumb: IGatsbyImageData;
  full: IGatsbyImageData;
}

interface GalleryProps {
  images: readonly GalleryImage[];
  /** The first thumbnail is the page's largest paint: load it eagerly. */
  eagerFirst?: boolean;
  className?: string;
}

/** Thumbnails that open the lightbox at the one clicked. */
export function ScreenshotGallery({ images, eagerFirst = false, className = '' }: GalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ul className={`gallery ${className}`.trim()}>
        {images.map((img, i) => (
          <li key={i}>
            <button
              type="button"
              className="gallery__thumb"
              onClick={() => setOpen(i)}
              aria-label={`Enlarge: ${img.alt}`}
            >
              <ResponsiveImage
                image={img.thumb}
                alt={img.alt}
                loading={eagerFirst && i === 0 ? 'eager' : 'lazy'}
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Lightbox
          images={images.map((img) => ({ image: img.full, alt: img.alt }))}
          index={open}
          onIndexChange={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

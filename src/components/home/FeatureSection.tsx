import React, { useState } from 'react';
import { Link } from 'gatsby';
import { ResponsiveImage } from '../responsive-image/ResponsiveImage';
import { GalleryLightbox, type GalleryImage } from '../screenshot-gallery/ScreenshotGallery';
import { dataNote } from '../screenshot-gallery/data-note';
import type { Feature } from './features';

// The picture's width (home.css): half the page on a desk, the page's width on a phone.
const PICTURE_SIZES = '(min-width: 79rem) 36rem, (min-width: 60rem) calc(50vw - 3rem), calc(100vw - 2rem)';

/**
 * One feature of the home page: its words beside one picture (below it on a phone), with the note on the
 * picture's data as its caption. The picture opens the lightbox, which also holds the feature's others.
 */
export function FeatureSection({ feature, images }: { feature: Feature; images: GalleryImage[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const lead = images[0];
  return (
    <section className="feature">
      <div className="feature__text">
        <h2>{feature.heading}</h2>
        <p>{feature.text}</p>
        <Link className="arrow-link" to={feature.link.to}>
          {feature.link.label}
        </Link>
      </div>
      {lead && (
        <figure className="feature__figure">
          <button
            type="button"
            className="feature__picture"
            onClick={() => setOpen(0)}
            aria-label={`Enlarge: ${lead.alt}`}
          >
            <ResponsiveImage image={lead.thumb} alt={lead.alt} loading="lazy" sizes={PICTURE_SIZES} />
          </button>
          <figcaption>{dataNote}</figcaption>
        </figure>
      )}
      <GalleryLightbox images={images} open={open} onOpenChange={setOpen} />
    </section>
  );
}

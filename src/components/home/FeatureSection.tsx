import React from 'react';
import { Link } from 'gatsby';
import { ScreenshotGallery, type GalleryImage } from '../screenshot-gallery/ScreenshotGallery';
import type { Feature } from './features';

/** One feature of the home page: its words beside the heading, then its screenshots, the first large. */
export function FeatureSection({ feature, images }: { feature: Feature; images: GalleryImage[] }) {
  return (
    <section className="feature">
      <div className="feature__text">
        <h2>{feature.heading}</h2>
        <div>
          <p>{feature.text}</p>
          <Link className="arrow-link" to={feature.link.to}>
            {feature.link.label}
          </Link>
        </div>
      </div>
      <ScreenshotGallery
        images={images}
        featured
        featuredSizes="(min-width: 79rem) 75rem, calc(100vw - 2rem)"
        className="feature__gallery"
      />
    </section>
  );
}

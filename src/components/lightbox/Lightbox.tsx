import React, { useCallback, useEffect, useRef } from 'react';
import { GatsbyImage, type IGatsbyImageData } from 'gatsby-plugin-image';
import { focusableIn } from './focusable';
import './lightbox.css';

interface LightboxImage {
  image: IGatsbyImageData;
  alt: string;
}

interface LightboxProps {
  images: readonly LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * A modal viewer: focus moves into it and stays there (Tab cycles), Escape closes it, the arrow keys
 * step through the images, and focus returns to what opened it.
 */
export function Lightbox({ images, index, onIndexChange, onClose }: LightboxProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const count = images.length;
  const current = images[index];

  const step = useCallback(
    (delta: number) => onIndexChange((index + delta + count) % count),
    [count, index, onIndexChange],
  );

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowRight' && count > 1) {
      event.preventDefault();
      step(1);
    } else if (event.key === 'ArrowLeft' && count > 1) {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'Tab' && dialogRef.current) {
      const items = focusableIn(dialogRef.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  if (!current) return null;
  return (
    <div className="lightbox" onClick={onClose} role="presentation">
      <div
        ref={dialogRef}
        className="lightbox__dialog"
        role="dialog"
        aria-modal="true"
        aria-label={`Screenshot ${index + 1} of ${count}`}
        onKeyDown={onKeyDown}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="lightbox__bar">
          <span className="lightbox__count" aria-live="polite">
            {index + 1} / {count}
          </span>
          <button
            ref={closeRef}
            type="button"
            className="lightbox__close"
            onClick={onClose}
            aria-label="Close"
          >
            ×
          </button>
        </div>
        <figure className="lightbox__figure">
          <GatsbyImage image={current.image} alt={current.alt} loading="eager" />
          <figcaption>{current.alt}</figcaption>
        </figure>
        {count > 1 && (
          <div className="lightbox__nav">
            <button type="button" onClick={() => step(-1)} aria-label="Previous screenshot">
              ‹ Previous
            </button>
            <button type="button" onClick={() => step(1)} aria-label="Next screenshot">
              Next ›
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

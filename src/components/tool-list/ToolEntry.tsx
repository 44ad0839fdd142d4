import React from 'react';
import { Link } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { siteConfig } from '../../config';
import { toolNumber } from '../../lib/feeds';
import { ResponsiveImage } from '../responsive-image/ResponsiveImage';
import type { ToolSummary } from './types';

// The thumbnail's width on the page (tools.css): 8rem on a desk, 5rem on a phone.
const THUMB_SIZES = '(min-width: 48rem) 8rem, 5rem';

/**
 * One tool on /tools, as a card: its picture, number, title and summary. Its id is the anchor that
 * "Back to List" returns to; the title's link covers the card, so the whole card is one link, named by the
 * title. The picture is decoration here (the tool page describes it), so its alt is empty.
 */
export function ToolEntry({
  tool,
  thumbnail,
  firstScreen = false,
}: {
  tool: ToolSummary;
  thumbnail?: IGatsbyImageData;
  /** In the page's first screen: its picture is fetched with the HTML, not once laid out. */
  firstScreen?: boolean;
}) {
  const number = toolNumber(tool.id);
  return (
    <li id={tool.id} className="tool-entry tool-card" tabIndex={-1}>
      {thumbnail && (
        <div className="tool-card__thumb">
          <ResponsiveImage
            image={thumbnail}
            alt=""
            loading={firstScreen ? 'eager' : 'lazy'}
            sizes={THUMB_SIZES}
          />
        </div>
      )}
      <div className="tool-card__head">
        <h3 className="tool-card__title">
          <span className="tool-card__number">#{number}</span>{' '}
          <Link className="tool-card__link" to={`/tool/${tool.path}`}>
            {tool.title}
          </Link>
        </h3>
        {number <= siteConfig.freeToolCount && <span className="badge badge--free">Free</span>}
      </div>
      <p className="tool-card__summary">{tool.summary}</p>
    </li>
  );
}

import React from 'react';
import { Link } from 'gatsby';
import { siteConfig } from '../../config';
import { formatLongDate, isoDay } from '../../lib/dates';
import { toolNumber } from '../../lib/feeds';
import type { ToolSummary } from './types';

/**
 * One tool on /tools, as a card: number, title, summary, View Details and Last Updated. Its id is the
 * anchor that "Back to List" returns to; the View Details link covers the card, so the whole card opens it.
 */
export function ToolEntry({ tool }: { tool: ToolSummary }) {
  const number = toolNumber(tool.id);
  return (
    <li id={tool.id} className="tool-entry tool-card" tabIndex={-1}>
      <h3 className="tool-card__title">
        <span className="tool-card__number">#{number}</span> {tool.title}
      </h3>
      {number <= siteConfig.freeToolCount && <span className="badge badge--free tool-card__badge">Free</span>}
      <p className="tool-card__summary">{tool.summary}</p>
      <p className="tool-card__meta">
        <Link
          className="tool-card__link"
          to={`/tool/${tool.path}`}
          aria-label={`View details of ${tool.title}`}
        >
          View Details
        </Link>
        <span>
          Last Updated: <time dateTime={isoDay(tool.updated)}>{formatLongDate(tool.updated)}</time>
        </span>
      </p>
    </li>
  );
}

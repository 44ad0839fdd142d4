import React from 'react';
import { Link } from 'gatsby';
import { formatLongDate, isoDay } from '../../lib/dates';
import { toolNumber } from '../../lib/feeds';
import type { ToolSummary } from './types';

/** One tool on /tools; its id is the anchor that "Back to List" returns to. */
export function ToolEntry({ tool }: { tool: ToolSummary }) {
  return (
    <li id={tool.id} className="tool-entry" tabIndex={-1}>
      <h2 className="tool-entry__title">
        <span className="tool-entry__number">#{toolNumber(tool.id)}</span> {tool.title}
      </h2>
      <p>{tool.summary}</p>
      <p className="tool-entry__meta">
        <Link to={`/tool/${tool.path}`} aria-label={`View details of ${tool.title}`}>
          View Details
        </Link>
        <span>
          Last Updated: <time dateTime={isoDay(tool.updated)}>{formatLongDate(tool.updated)}</time>
        </span>
      </p>
    </li>
  );
}

import React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { groupByTheme } from '../../lib/tool-themes';
import { ToolEntry } from './ToolEntry';
import type { ToolSummary } from './types';
import './tools.css';

// The cards of the first screen, on a desk (two rows of three) and a phone (three or four rows).
const FIRST_SCREEN = 6;

interface ToolGroupsProps {
  tools: readonly ToolSummary[];
  /** Each tool's first screenshot, by tool id. */
  thumbnails: ReadonlyMap<string, IGatsbyImageData>;
}

/** The tools shown, as card grids under their themes, with links to each theme at the top. */
export function ToolGroups({ tools, thumbnails }: ToolGroupsProps) {
  const groups = groupByTheme(tools);
  return (
    <>
      {groups.length > 1 && (
        <nav className="theme-links" aria-label="Themes">
          <ul>
            {groups.map(({ theme, items }) => (
              <li key={theme.id}>
                <a href={`#theme-${theme.id}`}>
                  {theme.label} <span className="theme-links__count">{items.length}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map(({ theme, items }, group) => (
        <section
          key={theme.id}
          id={`theme-${theme.id}`}
          className="tool-group"
          aria-labelledby={`${theme.id}-heading`}
        >
          <div className="tool-group__header">
            <h2 id={`${theme.id}-heading`}>{theme.label}</h2>
            <p>{theme.description}</p>
          </div>
          <ul className="tool-grid tool-entries">
            {items.map((tool, i) => (
              <ToolEntry
                key={tool.id}
                tool={tool}
                thumbnail={thumbnails.get(tool.id)}
                firstScreen={group === 0 && i < FIRST_SCREEN}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

import React from 'react';
import { Link } from 'gatsby';
import { splitColumns } from '../../lib/filters';
import { toolNumber } from '../../lib/feeds';
import type { ToolSummary } from './types';

/** The home page's list: two columns, tools up to #22 then the rest, numbered by tool id. */
export function ToolColumns({ tools }: { tools: readonly ToolSummary[] }) {
  const columns = splitColumns(tools, 22);
  return (
    <div className="tool-columns">
      {columns.map((column, c) =>
        column.length === 0 ? null : (
          <ol key={c} className="tool-columns__list" start={column[0] ? toolNumber(column[0].id) : 1}>
            {column.map((tool) => (
              <li key={tool.id} value={toolNumber(tool.id)}>
                <Link to={`/tool/${tool.path}`}>{tool.title}</Link>
              </li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}

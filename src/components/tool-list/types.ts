import { graphql } from 'gatsby';
import { present, strings } from '../../lib/query-data';
import { isToolTheme, type ToolThemeId } from '../../lib/tool-themes';

// The tool fields the lists need, as the page queries return them.
export interface ToolSummary {
  id: string;
  title: string;
  path: string;
  summary: string;
  updated: string;
  tags: string[];
  theme: ToolThemeId;
}

// The query fragment behind ToolSummary, spread by every query of a tool list or a tool page. Gatsby
// collects fragments from every file in src/ at build time, from exported graphql tags only (hence the
// export, which no code imports: @public tells knip so).
/** @public */
export const toolSummaryFragment = graphql`
  fragment ToolSummary on Frontmatter {
    id
    title
    path
    summary
    updated
    tags
    theme
  }
`;

/** A tool's summary from the fragment's fields; a tool without one, or with an unknown theme, fails the build. */
export function toolSummary(fields: Queries.ToolSummaryFragment | null): ToolSummary {
  const id = present(fields?.id, 'a tool id');
  const field = <T>(value: T | null | undefined, name: string) => present(value, `${name} of tool ${id}`);
  return {
    id,
    title: field(fields?.title, 'the title'),
    path: field(fields?.path, 'the path'),
    summary: field(fields?.summary, 'the summary'),
    updated: field(fields?.updated, 'the updated date'),
    tags: strings(fields?.tags),
    theme: knownTheme(field(fields?.theme, 'the theme'), id),
  };
}

function knownTheme(theme: string, id: string): ToolThemeId {
  if (!isToolTheme(theme))
    throw new Error(`Tool ${id} has the theme "${theme}", which src/lib/tool-themes.ts does not list`);
  return theme;
}

import { graphql } from 'gatsby';
import { present } from './query-data';

/** A blog article's fields, as the blog list and the article page show them. */
export interface ArticleFields {
  id: string;
  title: string;
  description: string;
  route: string;
  updated: string;
}

// Spread by the blog list's query and the article page's. Gatsby collects fragments from every file in
// src/ at build time, from exported graphql tags only (hence the export, which no code imports:
// @public tells knip so).
/** @public */
export const articleFieldsFragment = graphql`
  fragment ArticleFields on Frontmatter {
    id
    title
    description
    route
    updated
  }
`;

/** An article's fields from the fragment; an article without one fails the build. */
export function articleFields(fields: Queries.ArticleFieldsFragment | null): ArticleFields {
  const route = present(fields?.route, 'an article route');
  const field = <T>(value: T | null | undefined, name: string) =>
    present(value, `${name} of article ${route}`);
  return {
    id: field(fields?.id, 'the id'),
    title: field(fields?.title, 'the title'),
    description: field(fields?.description, 'the description'),
    route,
    updated: field(fields?.updated, 'the updated date'),
  };
}

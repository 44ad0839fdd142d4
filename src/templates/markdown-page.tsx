import React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Markdown } from '../components/markdown/Markdown';
import { Seo } from '../components/seo/Seo';
import { formatLongDate } from '../lib/dates';
import { present } from '../lib/query-data';

// One template for every page whose body is a Markdown file in content/pages or content/legal;
// the file name is the route (content/pages/quickstart.md -> /quickstart).
/** The page's fields; a page without one fails the build. lastChanged: legal pages only (gatsby-node). */
function pageOf(data: Queries.MarkdownPageQuery) {
  const page = present(data.markdownRemark, 'the page');
  const slug = present(page.fields?.slug, 'a page slug');
  const field = <T,>(value: T | null | undefined, name: string) => present(value, `${name} of page ${slug}`);
  return {
    slug,
    html: field(page.html, 'the text'),
    title: field(page.frontmatter?.title, 'the title'),
    description: field(page.frontmatter?.description, 'the description'),
    lastChanged: page.fields?.lastChanged ?? null,
  };
}

export default function MarkdownPageTemplate({ data }: PageProps<Queries.MarkdownPageQuery>) {
  const page = pageOf(data);
  return (
    <article className="page page--prose">
      <h1>{page.title}</h1>
      {page.lastChanged && <p className="article__meta">Last updated {formatLongDate(page.lastChanged)}</p>}
      <Markdown html={page.html} />
    </article>
  );
}

export const Head = ({ data }: HeadProps<Queries.MarkdownPageQuery>) => {
  const page = pageOf(data);
  return <Seo title={page.title} description={page.description} pathname={`/${page.slug}`} />;
};

export const query = graphql`
  query MarkdownPage($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      fields {
        slug
        lastChanged
      }
      frontmatter {
        title
        description
      }
    }
  }
`;

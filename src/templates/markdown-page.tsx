import React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { Markdown } from '../components/markdown/Markdown';
import { Seo } from '../components/seo/Seo';
import { formatLongDate } from '../lib/dates';

// One template for every page whose body is a Markdown file in content/pages or content/legal;
// the file name is the route (content/pages/quickstart.md -> /quickstart).
interface MarkdownPageData {
  markdownRemark: {
    html: string;
    /** lastChanged: legal pages only, from the file's history (gatsby-node). */
    fields: { slug: string; lastChanged: string | null };
    frontmatter: { title: string; description: string };
  };
}

export default function MarkdownPageTemplate({ data }: PageProps<MarkdownPageData>) {
  const { html, fields, frontmatter } = data.markdownRemark;
  return (
    <article className="page">
      <h1>{frontmatter.title}</h1>
      {fields.lastChanged && (
        <p className="article__meta">Last updated {formatLongDate(fields.lastChanged)}</p>
      )}
      <Markdown html={html} />
    </article>
  );
}

export const Head = ({ data }: HeadProps<MarkdownPageData>) => (
  <Seo
    title={data.markdownRemark.frontmatter.title}
    description={data.markdownRemark.frontmatter.description}
    pathname={`/${data.markdownRemark.fields.slug}`}
  />
);

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

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
    fields: { slug: string };
    frontmatter: { title: string; description: string; updated: string | null };
  };
}

export default function MarkdownPageTemplate({ data }: PageProps<MarkdownPageData>) {
  const { html, frontmatter } = data.markdownRemark;
  return (
    <article className="page">
      <h1>{frontmatter.title}</h1>
      {frontmatter.updated && (
        <p className="article__meta">Last updated {formatLongDate(frontmatter.updated)}</p>
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
      }
      frontmatter {
        title
        description
        updated
      }
    }
  }
`;

import React from 'react';
import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Markdown } from '../components/markdown/Markdown';
import { ScreenshotGallery } from '../components/screenshot-gallery/ScreenshotGallery';
import { Seo } from '../components/seo/Seo';
import { siteConfig } from '../config';
import { formatLongDate, isoDay } from '../lib/dates';
import { toolNumber } from '../lib/feeds';
import { visibleItems } from '../lib/filters';
import { userImportKinds } from '../lib/user-imports';

interface ToolData {
  markdownRemark: {
    html: string;
    frontmatter: {
      id: string;
      title: string;
      path: string;
      summary: string;
      updated: string;
      tags: string[] | null;
      userImports: string[] | null;
      filters: string[] | null;
      screenshots:
        | {
            name: string;
            alt: string;
            image: { thumb: IGatsbyImageData; full: IGatsbyImageData } | null;
          }[]
        | null;
    };
  };
}

export default function ToolTemplate({ data }: PageProps<ToolData>) {
  const tool = data.markdownRemark.frontmatter;
  const number = toolNumber(tool.id);
  // A hidden tool keeps its page but has no entry (and no anchor) on /tools.
  const listed = visibleItems([tool]).length > 0;
  const imports = tool.userImports ?? [];
  const filters = tool.filters ?? [];
  const images = (tool.screenshots ?? []).flatMap((s) =>
    s.image ? [{ alt: s.alt, thumb: s.image.thumb, full: s.image.full }] : [],
  );
  return (
    <article className="page tool-page">
      <p>
        <Link to={listed ? `/tools#${tool.id}` : '/tools'}>← Back to List</Link>
      </p>
      <h1>{tool.title}</h1>
      {/* A flex row: each part is one item, so the row's gap falls between parts, never inside one. */}
      <p className="tool-page__meta">
        <span>Tool #{number}</span>
        <span>{number <= siteConfig.freeToolCount ? 'Free version' : 'Licensed version'}</span>
        <span>
          Last Updated: <time dateTime={isoDay(tool.updated)}>{formatLongDate(tool.updated)}</time>
        </span>
      </p>
      <p className="page__lead">{tool.summary}</p>
      {images.length > 0 && <ScreenshotGallery images={images} eagerFirst className="tool-page__gallery" />}
      <Markdown html={data.markdownRemark.html} />
      {filters.length > 0 && (
        <section className="tool-page__filters" aria-labelledby="filters-heading">
          <h2 id="filters-heading">Supported filters</h2>
          <ul>
            {filters.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </section>
      )}
      {imports.length > 0 && (
        <section className="imports-block" aria-labelledby="imports-heading">
          <h2 id="imports-heading">Your imports in this tool</h2>
          <ul>
            {imports.map((kind) => {
              const info = userImportKinds[kind];
              return info ? (
                <li key={kind}>
                  <Link to={`/user-imports#${info.anchor}`}>{info.file}</Link>: {info.description}.
                </li>
              ) : null;
            })}
          </ul>
        </section>
      )}
      <p className="note">
        Some tools accept custom data through user import files. See{' '}
        <Link to="/user-imports">User Imports</Link> for the file formats.
      </p>
    </article>
  );
}

export const Head = ({ data }: HeadProps<ToolData>) => {
  const tool = data.markdownRemark.frontmatter;
  return <Seo title={tool.title} description={tool.summary} pathname={`/tool/${tool.path}`} />;
};

export const query = graphql`
  query ToolPage($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        id
        title
        path
        summary
        updated
        tags
        userImports
        filters
        screenshots {
          name
          alt
          image {
            thumb: screenshotImage(width: 720)
            full: screenshotImage(width: 1200)
          }
        }
      }
    }
  }
`;

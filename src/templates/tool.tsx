import React from 'react';
import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';
import { Markdown } from '../components/markdown/Markdown';
import { toolSummary } from '../components/tool-list/types';
import { dataNote } from '../components/screenshot-gallery/data-note';
import { ScreenshotGallery } from '../components/screenshot-gallery/ScreenshotGallery';
import { Seo } from '../components/seo/Seo';
import { siteConfig } from '../config';
import { formatLongDate, isoDay } from '../lib/dates';
import { toolNumber } from '../lib/feeds';
import { visibleItems } from '../lib/filters';
import { present, strings } from '../lib/query-data';
import { userImportKinds } from '../lib/user-imports';
import './tool.css';

export default function ToolTemplate({ data }: PageProps<Queries.ToolPageQuery>) {
  const page = present(data.markdownRemark, 'the tool');
  const fields = page.frontmatter;
  const tool = toolSummary(fields);
  const number = toolNumber(tool.id);
  const free = number <= siteConfig.freeToolCount;
  // A hidden tool keeps its page but has no entry (and no anchor) on /tools.
  const listed = visibleItems([tool]).length > 0;
  const imports = strings(fields?.userImports);
  const filters = strings(fields?.filters);
  const images = (fields?.screenshots ?? []).flatMap((s) =>
    s?.image?.thumb && s.image.full ? [{ alt: s.alt, thumb: s.image.thumb, full: s.image.full }] : [],
  );
  return (
    <article className="page tool-page">
      <p>
        <Link className="back-link" to={listed ? `/tools#${tool.id}` : '/tools'}>
          ← Back to List
        </Link>
      </p>
      <header className="tool-page__header">
        <h1>{tool.title}</h1>
        {/* A flex row: each part is one item, so the row's gap falls between parts, never inside one. */}
        <p className="tool-page__meta">
          <span>Tool #{number}</span>
          <span className={`badge${free ? ' badge--free' : ''}`}>
            {free ? 'Free version' : 'Licensed version'}
          </span>
          <span>
            Last Updated: <time dateTime={isoDay(tool.updated)}>{formatLongDate(tool.updated)}</time>
          </span>
        </p>
        <p className="page__lead">{tool.summary}</p>
      </header>
      {images.length > 0 && (
        <figure className="tool-page__gallery">
          <ScreenshotGallery
            images={images}
            eagerFirst
            featured
            featuredSizes="(min-width: 79rem) 75rem, calc(100vw - 2rem)"
          />
          <figcaption>{dataNote}</figcaption>
        </figure>
      )}
      <div className="tool-page__body">
        <Markdown html={present(page.html, `the text of tool ${tool.id}`)} />
        <aside className="tool-page__aside" aria-label="About this tool">
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
          <p className="note">
            {free
              ? 'Free: it runs without an account or a license.'
              : `Licensed: a license opens it and every other tool for $${siteConfig.licensePriceUsd} a month.`}{' '}
            <Link to={free ? '/download' : '/pricing'}>{free ? 'Download' : 'See pricing'}</Link>
          </p>
        </aside>
      </div>
    </article>
  );
}

export const Head = ({ data }: HeadProps<Queries.ToolPageQuery>) => {
  const tool = toolSummary(present(data.markdownRemark, 'the tool').frontmatter);
  return <Seo title={tool.title} description={tool.summary} pathname={`/tool/${tool.path}`} />;
};

export const query = graphql`
  query ToolPage($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        ...ToolSummary
        userImports
        filters
        screenshots {
          name
          alt
          image {
            thumb: screenshotImage(width: 720)
            # 360, 720 and 1,200 px: a phone's size (SCREENSHOT_WIDTHS.toolThumb's) among them.
            full: screenshotImage(width: 1200, densities: [0.3, 0.6, 1])
          }
        }
      }
    }
  }
`;

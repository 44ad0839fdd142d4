import React from 'react';
import { graphql, Link, useStaticQuery } from 'gatsby';
import { siteConfig } from '../../config';
import { visibleItems } from '../../lib/filters';
import { fillText } from '../../lib/placeholders';
import { present } from '../../lib/query-data';
import { announcementsForBuild } from '../../lib/releases';
import { byToolNumber } from '../../lib/tool-order';
import { useSiteFacts } from '../../lib/use-site-facts';
import { ActionMessage } from '../action-message/ActionMessage';
import { Announcements } from '../announcements/Announcements';
import { ScreenshotGallery, type GalleryImage } from '../screenshot-gallery/ScreenshotGallery';
import { ToolColumns } from '../tool-list/ToolColumns';
import { toolSummary } from '../tool-list/types';
import { features } from './features';

export function HomePage({ search }: { search: string }) {
  const data = useStaticQuery<Queries.HomePageQuery>(graphql`
    query HomePage {
      site {
        buildTime
      }
      announcements: allAnnouncementsYaml {
        nodes {
          yamlId
          message
          startDate
          endDate
          release
        }
      }
      tools: allMarkdownRemark(filter: { fields: { collection: { eq: "tools" } } }) {
        nodes {
          frontmatter {
            ...ToolSummary
            screenshots {
              name
              alt
            }
          }
        }
      }
      shots: allFile(
        filter: {
          relativeDirectory: { eq: "images/tools" }
          base: {
            in: [
              "treasury-rates-1.png"
              "inflation-1.png"
              "performance-by-month-1.png"
              "seasonality-1.png"
              "beats-and-misses-1.png"
              "financial-statements-1.png"
              "portfolio-values-1.png"
              "journal-1.png"
            ]
          }
        }
      ) {
        nodes {
          base
          thumb: screenshotImage(width: 560)
          full: screenshotImage(width: 1200)
        }
      }
    }
  `);
  const facts = useSiteFacts();
  const tools = visibleItems(data.tools.nodes.map((n) => toolSummary(n.frontmatter))).sort(byToolNumber);
  const listed = new Set(tools.map((t) => t.id));
  const alts = new Map(
    data.tools.nodes
      .filter((n) => listed.has(n.frontmatter?.id ?? ''))
      .flatMap((n) =>
        (n.frontmatter?.screenshots ?? []).flatMap((s) => (s ? [[s.name, s.alt] as const] : [])),
      ),
  );
  const images = new Map(data.shots.nodes.map((n) => [n.base, n] as const));
  const gallery = (names: string[]): GalleryImage[] =>
    names.flatMap((name) => {
      const sharp = images.get(name);
      return sharp?.thumb && sharp.full
        ? [{ alt: alts.get(name) ?? '', thumb: sharp.thumb, full: sharp.full }]
        : [];
    });

  return (
    <>
      <ActionMessage search={search} />
      <Announcements
        built={{
          at: present(data.site?.buildTime, 'the build time'),
          // The feed the component re-reads holds the same announcements (gatsby-node).
          announcements: announcementsForBuild(data.announcements.nodes, siteConfig.installers).map(
            ({ yamlId, message, startDate, endDate }) => {
              const id = present(yamlId, 'an announcement id');
              const field = (value: string | null, name: string) =>
                present(value, `${name} of announcement ${id}`);
              return {
                id,
                message: fillText(field(message, 'the message'), facts),
                startDate: field(startDate, 'the start date'),
                endDate: field(endDate, 'the end date'),
              };
            },
          ),
        }}
      />
      <section className="hero">
        <h1>Stock and macro research on your desktop</h1>
        <p className="hero__lead">
          {siteConfig.name} runs {tools.length} research tools on stocks, ETFs, indexes and economic data, on
          Windows and macOS. The first {siteConfig.freeToolCount} tools are free with no account; a license
          opens all of them for ${siteConfig.licensePriceUsd} a month.
        </p>
        <p className="hero__actions">
          <Link className="button button--primary" to="/download">
            Download free
          </Link>
          <Link className="button" to="/pricing">
            See pricing
          </Link>
        </p>
      </section>
      {features.map((feature, i) => (
        <section key={feature.heading} className="feature">
          <div className="feature__text">
            <h2>{feature.heading}</h2>
            <p>{feature.text}</p>
            <Link to={feature.link.to}>{feature.link.label}</Link>
          </div>
          <ScreenshotGallery
            images={gallery(feature.screenshots)}
            eagerFirst={i === 0}
            className="feature__gallery"
          />
        </section>
      ))}
      <section className="home-tools" aria-labelledby="home-tools-heading">
        <h2 id="home-tools-heading">All {tools.length} tools</h2>
        <ToolColumns tools={tools} />
        <p>
          <Link to="/tools">Browse the tools with descriptions</Link>
        </p>
      </section>
    </>
  );
}

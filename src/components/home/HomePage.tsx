import React from 'react';
import { graphql, Link, useStaticQuery } from 'gatsby';
import { siteConfig } from '../../config';
import { visibleItems } from '../../lib/filters';
import { fillText } from '../../lib/placeholders';
import { present } from '../../lib/query-data';
import { announcementsForBuild, offersInstallers } from '../../lib/releases';
import { byToolNumber } from '../../lib/tool-order';
import { useSiteFacts } from '../../lib/use-site-facts';
import { ActionMessage } from '../action-message/ActionMessage';
import { mainAction } from '../download/main-action';
import { Announcements } from '../announcements/Announcements';
import type { GalleryImage } from '../screenshot-gallery/ScreenshotGallery';
import { ToolColumns } from '../tool-list/ToolColumns';
import { toolSummary } from '../tool-list/types';
import { groupByTheme } from '../../lib/tool-themes';
import { FeatureSection } from './FeatureSection';
import { features, heroScreenshot as HERO_SHOT } from './features';
import { Hero } from './Hero';
import './home.css';

// How many tools of each theme the hero window's sidebar lists.
const SIDEBAR_TOOLS = 4;

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
              "employment-1.png"
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
          # A phone's width (about 360 px at a pixel ratio of 1.75 to 2) is served 720 px, not the next
          # size up, 1,120 or 1,200 px: twice the bytes for pixels it cannot show.
          thumb: screenshotImage(width: 560, densities: [0.5, 1, 1.2857, 2])
          full: screenshotImage(width: 1200, densities: [0.3, 0.6, 1])
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

  const hero = images.get(HERO_SHOT)?.full;
  const sidebar = groupByTheme(tools).map(({ theme, items }) => ({
    label: theme.label,
    tools: items.slice(0, SIDEBAR_TOOLS).map((t) => t.title),
  }));

  const action = mainAction(siteConfig.installers);

  return (
    <div className="home">
      <div className="container home__messages">
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
      </div>
      <Hero
        toolCount={tools.length}
        image={present(hero, `the image data of ${HERO_SHOT}`)}
        alt={alts.get(HERO_SHOT) ?? ''}
        sidebar={sidebar}
        installers={siteConfig.installers}
      />
      <div className="container">
        {features.map((feature) => (
          <FeatureSection key={feature.heading} feature={feature} images={gallery(feature.screenshots)} />
        ))}
        <section className="home-tools" aria-labelledby="home-tools-heading">
          <div className="home-tools__header">
            <h2 id="home-tools-heading">All {tools.length} tools</h2>
            <Link className="arrow-link" to="/tools">
              Browse the tools by theme, with descriptions
            </Link>
          </div>
          <ToolColumns tools={tools} />
        </section>
        <section className="home-cta" aria-labelledby="home-cta-heading">
          <h2 id="home-cta-heading">
            {/* Without installers (a local or test build) nothing can be started today: the license can. */}
            {offersInstallers(siteConfig.installers)
              ? 'Start with the free tools today'
              : 'Unlock every tool with a license'}
          </h2>
          <p>
            Tools #1 to #{siteConfig.freeToolCount} need no account and no card. When you want the rest, a
            license is ${siteConfig.licensePriceUsd} a month and you can stop at any time.
          </p>
          <p className="button-row home-cta__actions">
            <Link className="button button--primary button--large" to={action.to}>
              {action.label}
            </Link>
            <Link className="button button--large" to="/pricing">
              Compare Free and Licensed
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}

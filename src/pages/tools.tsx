import React from 'react';
import { graphql, type HeadFC, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { TitleFilter } from '../components/title-filter/TitleFilter';
import { useQueryFilter } from '../components/title-filter/use-query-filter';
import { ToolGroups } from '../components/tool-list/ToolGroups';
import { toolSummary } from '../components/tool-list/types';
import { useAnchorFocus } from '../components/tool-list/use-anchor-focus';
import { siteConfig } from '../config';
import { filterByTitle, visibleItems } from '../lib/filters';
import { byToolNumber } from '../lib/tool-order';
import { useSiteFacts } from '../lib/use-site-facts';

export default function ToolsPage({ data, location }: PageProps<Queries.ToolsPageQuery>) {
  const [keyword, setKeyword] = useQueryFilter();
  useAnchorFocus(location.hash);
  const all = visibleItems(data.allMarkdownRemark.nodes.map((n) => toolSummary(n.frontmatter))).sort(
    byToolNumber,
  );
  const shown = filterByTitle(all, keyword);
  const thumbnails = new Map(
    data.allMarkdownRemark.nodes.flatMap(({ frontmatter }) => {
      const card = frontmatter?.screenshots?.[0]?.image?.card;
      return frontmatter?.id && card ? [[frontmatter.id, card] as const] : [];
    }),
  );
  return (
    <article className="page tools-page">
      <header className="page__header">
        <h1>Tools</h1>
        <p className="page__lead">
          Every research tool in {siteConfig.name}, by theme. Tools #1 to #{siteConfig.freeToolCount} are
          free; a license opens all of them.
        </p>
      </header>
      <div className="tools-page__filter">
        <TitleFilter
          label="Filter tools by title"
          value={keyword}
          onChange={setKeyword}
          placeholder="e.g. earnings"
        />
        <p className="filter-count" role="status">
          {shown.length === all.length ? `${all.length} tools` : `${shown.length} of ${all.length} tools`}
        </p>
      </div>
      <ToolGroups tools={shown} thumbnails={thumbnails} />
    </article>
  );
}

export const Head: HeadFC = () => {
  const { toolCount } = useSiteFacts();
  return (
    <Seo
      title="Tools"
      description={`All ${toolCount} Stockbench research tools: Treasury rates, inflation, employment, earnings, seasonality, drawdowns, ETFs, portfolio tracking and more, each with a short description.`}
      pathname="/tools"
    />
  );
};

export const query = graphql`
  query ToolsPage {
    allMarkdownRemark(filter: { fields: { collection: { eq: "tools" } } }) {
      nodes {
        frontmatter {
          ...ToolSummary
          screenshots {
            image {
              card: screenshotImage(width: 180, densities: [1, 2])
            }
          }
        }
      }
    }
  }
`;

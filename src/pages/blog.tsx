import React from 'react';
import { graphql, Link, type HeadFC, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { TitleFilter } from '../components/title-filter/TitleFilter';
import { useQueryFilter } from '../components/title-filter/use-query-filter';
import { articleFields } from '../lib/article-fields';
import { formatLongDate, isoDay } from '../lib/dates';
import { filterByTitle } from '../lib/filters';

export default function BlogPage({ data }: PageProps<Queries.BlogPageQuery>) {
  const [keyword, setKeyword] = useQueryFilter();
  const articles = data.allMarkdownRemark.nodes.map((n) => articleFields(n.frontmatter));
  const shown = filterByTitle(articles, keyword);
  return (
    <article className="page">
      <h1>Blog</h1>
      <TitleFilter label="Filter articles by title" value={keyword} onChange={setKeyword} />
      <p className="filter-count" role="status">
        {shown.length === articles.length
          ? `${articles.length} articles`
          : `${shown.length} of ${articles.length} articles`}
      </p>
      <ul className="article-list">
        {shown.map((a) => (
          <li key={a.id}>
            <h2>
              <Link to={`/blog/${a.route}`}>{a.title}</Link>
            </h2>
            <p>{a.description}</p>
            <p className="article__meta">
              <span>
                Updated <time dateTime={isoDay(a.updated)}>{formatLongDate(a.updated)}</time>
              </span>
            </p>
          </li>
        ))}
      </ul>
    </article>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Blog"
    description="Articles on reading the yield curve, seasonality statistics and tracking your own portfolio with Stockbench."
    pathname="/blog"
  />
);

export const query = graphql`
  query BlogPage {
    allMarkdownRemark(
      filter: { fields: { collection: { eq: "blog" } } }
      sort: { frontmatter: { updated: DESC } }
    ) {
      nodes {
        frontmatter {
          ...ArticleFields
        }
      }
    }
  }
`;

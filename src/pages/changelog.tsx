import React from 'react';
import { graphql, type HeadFC, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { formatShortDate, isoDay } from '../lib/dates';
import { fillText } from '../lib/placeholders';
import { present, strings } from '../lib/query-data';
import { useSiteFacts } from '../lib/use-site-facts';

export default function ChangelogPage({ data }: PageProps<Queries.ChangelogPageQuery>) {
  const facts = useSiteFacts();
  return (
    <article className="page page--prose">
      <h1>Changelog</h1>
      <ol className="changelog">
        {data.allChangelogYaml.nodes.map((entry) => {
          const date = present(entry.date, 'the date of a changelog entry');
          return (
            <li key={entry.id}>
              <h2>
                <time dateTime={isoDay(date)}>{formatShortDate(date)}</time>
                {entry.version && ` · Stockbench ${entry.version}`}
              </h2>
              <ul>
                {strings(entry.details).map((d) => (
                  <li key={d}>{fillText(d, facts)}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </article>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Changelog"
    description="What changed in each Stockbench release, newest first."
    pathname="/changelog"
  />
);

export const query = graphql`
  query ChangelogPage {
    allChangelogYaml(sort: { date: DESC }) {
      nodes {
        id
        date
        version
        details
      }
    }
  }
`;

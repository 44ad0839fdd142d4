import React from 'react';
import { graphql, type HeadFC, type PageProps } from 'gatsby';
import { Seo } from '../components/seo/Seo';
import { formatShortDate, isoDay } from '../lib/dates';
import { fillText } from '../lib/placeholders';
import { useSiteFacts } from '../lib/use-site-facts';

interface ChangelogData {
  allChangelogYaml: { nodes: { id: string; date: string; version: string | null; details: string[] }[] };
}

export default function ChangelogPage({ data }: PageProps<ChangelogData>) {
  const facts = useSiteFacts();
  return (
    <article className="page">
      <h1>Changelog</h1>
      <ol className="changelog">
        {data.allChangelogYaml.nodes.map((entry) => (
          <li key={entry.id}>
            <h2>
              <time dateTime={isoDay(entry.date)}>{formatShortDate(entry.date)}</time>
              {entry.version && ` · Stockbench ${entry.version}`}
            </h2>
            <ul>
              {entry.details.map((d) => (
                <li key={d}>{fillText(d, facts)}</li>
              ))}
            </ul>
          </li>
        ))}
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

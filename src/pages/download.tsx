import React from 'react';
import { graphql, Link, type HeadFC, type PageProps } from 'gatsby';
import { DownloadButtons } from '../components/download/DownloadButtons';
import { Seo } from '../components/seo/Seo';
import { siteConfig } from '../config';
import { formatLongDate } from '../lib/dates';
import { present } from '../lib/query-data';
import { currentRelease } from '../lib/releases';

export default function DownloadPage({ data }: PageProps<Queries.DownloadPageQuery>) {
  // The release offered is the changelog's newest version, so this page and the changelog agree.
  const release = currentRelease(
    data.allChangelogYaml.nodes.map((e) => ({
      ...e,
      date: present(e.date, 'the date of a changelog entry'),
    })),
  );
  const releaseName = release?.version ? `${siteConfig.name} ${release.version}` : siteConfig.name;
  return (
    <article className="page page--prose">
      <h1>Download</h1>
      <p className="page__lead">
        {siteConfig.name} runs on Windows and macOS. The download is free: tools #1 to #
        {siteConfig.freeToolCount} work without an account, and a license opens the rest.
      </p>
      {release && (
        <p>
          The current release is {releaseName}, of {formatLongDate(release.date)}; the{' '}
          <Link to="/changelog">changelog</Link> says what is new.
        </p>
      )}
      <DownloadButtons
        installers={siteConfig.installers}
        releaseName={releaseName}
        supportEmail={siteConfig.supportEmail}
      />
      <h2>After installing</h2>
      <p>
        The <Link to="/quickstart">Quickstart</Link> walks through the first five steps. To use every tool,
        buy a license on the <Link to="/pricing">pricing page</Link> and enter it in the application&apos;s
        license modal.
      </p>
    </article>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="Download"
    description={`Download Stockbench for Windows or macOS. Tools #1 to #${siteConfig.freeToolCount} are free with no account.`}
    pathname="/download"
  />
);

export const query = graphql`
  query DownloadPage {
    allChangelogYaml {
      nodes {
        date
        version
      }
    }
  }
`;

import React from 'react';
import { Link, type HeadFC } from 'gatsby';
import { DownloadButtons } from '../components/download/DownloadButtons';
import { Seo } from '../components/seo/Seo';
import { siteConfig } from '../config';

export default function DownloadPage() {
  return (
    <article className="page">
      <h1>Download</h1>
      <p className="page__lead">
        {siteConfig.name} runs on Windows and macOS. The download is free: tools #1 to #
        {siteConfig.freeToolCount} work without an account, and a license opens the rest.
      </p>
      <DownloadButtons windowsUrl={siteConfig.installers.windows} macosUrl={siteConfig.installers.macos} />
      <h2>After installing</h2>
      <p>
        The <Link to="/quickstart">Quickstart</Link> walks through the first five steps. To use every tool,
        buy a license on the <Link to="/pricing">pricing page</Link> and enter it in the application&apos;s
        license window.
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

import React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import { siteConfig } from '../../config';
import { present } from '../../lib/query-data';
import { useSiteFacts } from '../../lib/use-site-facts';
import { AppWindow } from '../../components/app-window/AppWindow';

/** Beside sign-in and sign-up on a desk: what the account is for, and the application itself. */
export function ProductAside() {
  const { toolCount } = useSiteFacts();
  const data = useStaticQuery<Queries.ProductAsideQuery>(graphql`
    query ProductAside {
      file(relativeDirectory: { eq: "images/tools" }, base: { eq: "performance-by-month-1.png" }) {
        image: screenshotImage(width: 720)
      }
    }
  `);
  return (
    <div className="product-aside">
      <h2>Your {siteConfig.name} account</h2>
      <p>One account for the website and the desktop application.</p>
      <ul>
        <li>Buy licenses that open all {toolCount} tools, and give them to your team</li>
        <li>See your license keys, the computers that use them, and your receipts</li>
        <li>Sign in to the application with the same email and password</li>
      </ul>
      <AppWindow
        title="Performance by Month"
        image={present(data.file?.image, 'the image of performance-by-month-1.png')}
        alt="Stockbench showing the S&P 500's average return for each calendar month as a bar chart"
        sidebar={[]}
        sizes="(min-width: 75rem) 40rem, 50vw"
      />
    </div>
  );
}

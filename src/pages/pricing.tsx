import React from 'react';
import { graphql, Link, type HeadFC, type PageProps } from 'gatsby';
import { JsonLd } from '../components/json-ld/JsonLd';
import { Markdown } from '../components/markdown/Markdown';
import { Seo } from '../components/seo/Seo';
import { siteConfig } from '../config';
import { formatUsd, licenseComputers } from '../lib/license-terms';
import { present } from '../lib/query-data';
import { useSiteFacts } from '../lib/use-site-facts';

export default function PricingPage({ data }: PageProps<Queries.PricingPageQuery>) {
  const { toolCount } = useSiteFacts();
  return (
    <article className="page">
      <h1>Pricing</h1>
      <p className="page__lead">Start free. Buy a license when you want every tool.</p>
      <div className="plans">
        <section className="plan" aria-labelledby="plan-free">
          <h2 id="plan-free">Free</h2>
          <p className="plan__price">
            <strong>{formatUsd(0)}</strong> forever
          </p>
          <ul>
            <li>
              Tools #1 to #{siteConfig.freeToolCount}: Treasury Rates, Price History, Performance by Year
            </li>
            <li>No account needed</li>
            <li>No credit card</li>
            <li>No expiry</li>
          </ul>
          <Link className="button" to="/download">
            Download
          </Link>
        </section>
        <section className="plan plan--featured" aria-labelledby="plan-licensed">
          <h2 id="plan-licensed">Licensed</h2>
          <p className="plan__price">
            <strong>{formatUsd(siteConfig.licensePriceUsd)}</strong> per license per month
          </p>
          <ul>
            <li>All {toolCount} tools</li>
            <li>One license per person, on {licenseComputers(siteConfig.machineLimit)}</li>
            <li>Companies: one license per employee, assigned by email</li>
            <li>Buy 1 to 5 licenses at a time; add or remove later</li>
          </ul>
          <Link className="button button--primary" to="/licenses">
            Buy licenses
          </Link>
        </section>
      </div>
      <section aria-labelledby="per-user">
        <h2 id="per-user">Per-user licensing</h2>
        <p>
          A license belongs to one person: you, or the person you assign it to on the Licenses page. That
          person can install {siteConfig.name} and use the license on{' '}
          {licenseComputers(siteConfig.machineLimit)}, activating each with the same key. Licenses cannot be
          shared or sold.
        </p>
      </section>
      <section aria-labelledby="terms-summary">
        <h2 id="terms-summary">Terms summary</h2>
        <Markdown html={present(data.markdownRemark?.html, 'the pricing text')} />
      </section>
    </article>
  );
}

export const Head: HeadFC = () => {
  const { toolCount } = useSiteFacts();
  return (
    <Seo
      title="Pricing"
      description={`Stockbench is free for tools #1 to #${siteConfig.freeToolCount} with no account. A license costs ${formatUsd(siteConfig.licensePriceUsd)} per user per month and opens all ${toolCount} research tools.`}
      pathname="/pricing"
    >
      <JsonLd
        data={{
          '@type': 'SoftwareApplication',
          name: siteConfig.name,
          applicationCategory: 'FinanceApplication',
          operatingSystem: 'Windows, macOS',
          url: `${siteConfig.siteUrl}/pricing`,
          offers: [
            {
              '@type': 'Offer',
              name: `Free version (tools #1 to #${siteConfig.freeToolCount})`,
              price: '0',
              priceCurrency: 'USD',
            },
            {
              '@type': 'Offer',
              name: 'License (all tools), per user per month',
              price: String(siteConfig.licensePriceUsd),
              priceCurrency: 'USD',
              priceSpecification: {
                '@type': 'UnitPriceSpecification',
                price: String(siteConfig.licensePriceUsd),
                priceCurrency: 'USD',
                unitText: 'MONTH',
                referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
              },
            },
          ],
        }}
      />
    </Seo>
  );
};

export const query = graphql`
  query PricingPage {
    markdownRemark(fileAbsolutePath: { regex: "/content/fragments/pricing-terms\\.md$/" }) {
      html
    }
  }
`;

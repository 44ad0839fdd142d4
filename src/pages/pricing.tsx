import React from 'react';
import { graphql, Link, type HeadFC, type PageProps } from 'gatsby';
import { FaqList } from '../components/faq/FaqList';
import { JsonLd } from '../components/json-ld/JsonLd';
import { Markdown } from '../components/markdown/Markdown';
import { Comparison } from '../components/pricing/Comparison';
import { Plans } from '../components/pricing/Plans';
import { Seo } from '../components/seo/Seo';
import { siteConfig } from '../config';
import { faqEntries } from '../lib/faq-topics';
import { formatUsd, licenseComputers } from '../lib/license-terms';
import { present } from '../lib/query-data';
import { useSiteFacts } from '../lib/use-site-facts';

export default function PricingPage({ data }: PageProps<Queries.PricingPageQuery>) {
  const { toolCount } = useSiteFacts();
  const questions = faqEntries(
    data.allFaqYaml.nodes.map((n) => ({
      question: n.question,
      topic: n.topic,
      html: n.childFaqAnswer?.childMarkdownRemark?.html,
    })),
  );
  return (
    <article className="page pricing-page">
      <header className="page__header page__header--center">
        <h1>Pricing</h1>
        <p className="page__lead">Start free. Buy a license when you want every tool.</p>
      </header>
      <Plans toolCount={toolCount} installers={siteConfig.installers} />
      <section className="pricing-section" aria-labelledby="compare">
        <h2 id="compare">Free and licensed compared</h2>
        <Comparison toolCount={toolCount} />
      </section>
      <section className="pricing-section" aria-labelledby="per-user">
        <h2 id="per-user">Per-user licensing</h2>
        <p>
          A license belongs to one person: you, or the person you assign it to on the Licenses page. That
          person can install {siteConfig.name} and use the license on{' '}
          {licenseComputers(siteConfig.machineLimit)}, activating each with the same key. Licenses cannot be
          shared or sold.
        </p>
      </section>
      <section className="pricing-section" aria-labelledby="questions">
        <h2 id="questions">Questions before you buy</h2>
        <FaqList entries={questions} />
        <p className="pricing-section__more">
          More answers in the <Link to="/faq">FAQ</Link>.
        </p>
      </section>
      <section className="pricing-section" aria-labelledby="terms-summary">
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
    allFaqYaml(filter: { topic: { eq: "pricing" } }) {
      nodes {
        question
        topic
        childFaqAnswer {
          childMarkdownRemark {
            html
          }
        }
      }
    }
    markdownRemark(fileAbsolutePath: { regex: "/content/fragments/pricing-terms\\.md$/" }) {
      html
    }
  }
`;

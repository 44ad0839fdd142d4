import React from 'react';
import { graphql, type HeadFC, type PageProps } from 'gatsby';
import { Markdown } from '../components/markdown/Markdown';
import { Seo } from '../components/seo/Seo';

export default function FaqPage({ data }: PageProps<Queries.FaqPageQuery>) {
  return (
    <article className="page">
      <h1>Frequently asked questions</h1>
      {data.allFaqYaml.nodes.map((entry) => (
        <section key={entry.id} className="faq-entry">
          <h2>{entry.question}</h2>
          <Markdown html={entry.childFaqAnswer?.childMarkdownRemark?.html ?? ''} />
        </section>
      ))}
    </article>
  );
}

export const Head: HeadFC = () => (
  <Seo
    title="FAQ"
    description="Answers about Stockbench: the free tools, licenses and billing, refunds, exports to CSV and PNG, data caching, user imports and support."
    pathname="/faq"
  />
);

export const query = graphql`
  query FaqPage {
    allFaqYaml {
      nodes {
        id
        question
        childFaqAnswer {
          childMarkdownRemark {
            html
          }
        }
      }
    }
  }
`;

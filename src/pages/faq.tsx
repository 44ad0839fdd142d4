import React from 'react';
import { graphql, Link, type HeadFC, type PageProps } from 'gatsby';
import { FaqList } from '../components/faq/FaqList';
import { Seo } from '../components/seo/Seo';
import { FAQ_TOPICS, faqEntries } from '../lib/faq-topics';

export default function FaqPage({ data }: PageProps<Queries.FaqPageQuery>) {
  const entries = faqEntries(
    data.allFaqYaml.nodes.map((n) => ({
      question: n.question,
      topic: n.topic,
      html: n.childFaqAnswer?.childMarkdownRemark?.html,
    })),
  );
  const topics = FAQ_TOPICS.map((topic) => ({
    ...topic,
    entries: entries.filter((e) => e.topic === topic.id),
  })).filter((t) => t.entries.length > 0);
  return (
    <article className="page faq-page">
      <header className="page__header">
        <h1>Frequently asked questions</h1>
        <p className="page__lead">
          Answers by topic; open a question to read its answer. Not here?{' '}
          <Link to="/contact-us">Contact us</Link>.
        </p>
      </header>
      <div className="faq-page__layout">
        <nav className="faq-page__topics" aria-label="Topics">
          <ul>
            {topics.map((topic) => (
              <li key={topic.id}>
                <a href={`#topic-${topic.id}`}>{topic.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {topics.map((topic) => (
            <section
              key={topic.id}
              id={`topic-${topic.id}`}
              className="faq-topic"
              aria-labelledby={`topic-${topic.id}-heading`}
            >
              <h2 id={`topic-${topic.id}-heading`}>{topic.label}</h2>
              <FaqList entries={topic.entries} />
            </section>
          ))}
        </div>
      </div>
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
        question
        topic
        childFaqAnswer {
          childMarkdownRemark {
            html
          }
        }
      }
    }
  }
`;

import React from 'react';
import type { FaqEntry } from '../../lib/faq-topics';
import { Markdown } from '../markdown/Markdown';
import { useOpenAnchoredDetails } from './use-open-anchored-details';
import './faq.css';

/**
 * Questions as disclosures: the question is the summary, the answer opens below it. Each has its
 * question's anchor as id, so a link to /faq#anchor opens that answer (useOpenAnchoredDetails).
 */
export function FaqList({
  entries,
  headingLevel = 3,
}: {
  entries: readonly FaqEntry[];
  headingLevel?: 2 | 3;
}) {
  useOpenAnchoredDetails();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="faq-list">
      {entries.map((entry) => (
        <details key={entry.anchor} id={entry.anchor} className="faq-entry">
          <summary>
            <Heading className="faq-entry__question">{entry.question}</Heading>
          </summary>
          <div className="faq-entry__answer">
            <Markdown html={entry.html} />
            <a className="faq-entry__link" href={`#${entry.anchor}`}>
              Link to this answer<span className="visually-hidden"> ({entry.question})</span>
            </a>
          </div>
        </details>
      ))}
    </div>
  );
}

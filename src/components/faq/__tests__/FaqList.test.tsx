import React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useStaticQuery } from 'gatsby';
import { faqEntries, questionAnchor } from '../../../lib/faq-topics';
import { FaqList } from '../FaqList';

const entries = faqEntries([
  { question: 'Can I get a refund?', topic: 'pricing', html: '<p>Yes, within the first month.</p>' },
  { question: 'Does Stockbench work offline?', topic: 'licenses', html: '<p>For 7 days.</p>' },
]);

// The answers' {{toolCount}} comes from the site's tool count (useSiteFacts).
beforeEach(() => {
  jest.mocked(useStaticQuery).mockReturnValue({ site: { toolCount: 46 } });
  // jsdom lays nothing out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = jest.fn();
});

describe('FAQ disclosures', () => {
  it('shows each question as a closed disclosure, its id the question’s anchor', async () => {
    const user = userEvent.setup();
    render(<FaqList entries={entries} />);
    const refund = document.getElementById('can-i-get-a-refund');
    expect(refund?.tagName).toBe('DETAILS');
    expect(refund).not.toHaveAttribute('open');
    await user.click(screen.getByText('Can I get a refund?'));
    expect(refund).toHaveAttribute('open');
    expect(screen.getByRole('link', { name: 'Link to this answer (Can I get a refund?)' })).toHaveAttribute(
      'href',
      '#can-i-get-a-refund',
    );
  });

  it('opens the answer a link’s anchor names, on arrival and when the anchor changes', () => {
    window.history.replaceState(null, '', '/faq#does-stockbench-work-offline');
    render(<FaqList entries={entries} />);
    expect(document.getElementById('does-stockbench-work-offline')).toHaveAttribute('open');
    expect(document.getElementById('can-i-get-a-refund')).not.toHaveAttribute('open');
    act(() => {
      window.history.replaceState(null, '', '/faq#can-i-get-a-refund');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(document.getElementById('can-i-get-a-refund')).toHaveAttribute('open');
  });
});

describe('FAQ entries from content', () => {
  it('makes anchors of the questions’ words', () => {
    expect(questionAnchor('What does a license give me, and how much does it cost?')).toBe(
      'what-does-a-license-give-me-and-how-much-does-it-cost',
    );
  });

  it('fails the build on an unknown topic or two questions with one anchor', () => {
    expect(() => faqEntries([{ question: 'Why?', topic: 'misc', html: '' }])).toThrow(
      'The FAQ entry "Why?" has the topic "misc", which src/lib/faq-topics.ts does not list',
    );
    expect(() =>
      faqEntries([
        { question: 'Why?', topic: 'app', html: '' },
        { question: 'Why!', topic: 'app', html: '' },
      ]),
    ).toThrow('Two FAQ entries have the anchor "why"');
  });
});

/** Charts of the Journal screenshots; the toolbar inputs and views are in ../specs/journal.json. */
import { acme, slice, valueAt } from '../data';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { PALETTE } from '../svg';
import { decimalYear } from './helpers';

const JOURNAL = [
  {
    date: '2024-05-22',
    title: 'Trimmed ACME after earnings',
    text: 'Sold a third of the position into the post-earnings gap; guidance raised but valuation stretched.',
    tag: 'ACME',
  },
  {
    date: '2024-05-01',
    title: 'FOMC: rates unchanged',
    text: 'Statement notes lack of further progress on inflation; balance sheet runoff slowed from June.',
    tag: 'Macro',
  },
  {
    date: '2024-04-15',
    title: 'Watching 10-year at 4.6%',
    text: 'Long yields back near the October high; equities weaker, rate-sensitive sectors lagging.',
    tag: 'Rates',
  },
  {
    date: '2024-03-28',
    title: 'Quarter-end rebalance',
    text: 'Moved 3% from core equities to short-term Treasuries to get back to the 70/30 target.',
    tag: 'Portfolio',
  },
  {
    date: '2024-02-21',
    title: 'Note on semiconductor rally',
    text: 'Sector up strongly year to date; breadth narrow, five names account for most of the gain.',
    tag: 'Sector',
  },
  {
    date: '2024-01-31',
    title: 'Started position in SCHD',
    text: 'Added dividend ETF as a core holding; plan to buy in three tranches over the quarter.',
    tag: 'SCHD',
  },
  {
    date: '2023-12-13',
    title: 'Fed signals cuts for 2024',
    text: 'Dot plot shows three cuts next year; 2-year yield fell sharply, small caps outperformed.',
    tag: 'Macro',
  },
  {
    date: '2023-10-27',
    title: 'ACME sell-off looks overdone',
    text: 'Down 20% from the summer high on margin worries; added a small amount below $125.',
    tag: 'ACME',
  },
  {
    date: '2023-08-02',
    title: 'US credit rating downgrade',
    text: 'One agency lowered the US rating one notch; little lasting effect on Treasury demand.',
    tag: 'Rates',
  },
];

export const charts: ChartBuilders = {
  'journal-1.png': () => ({ kind: 'list', heading: 'Journal entries (9)', entries: JOURNAL, selected: 0 }),
  'journal-2.png': () => {
    const center = decimalYear('2023-10-27');
    const s = slice(acme(), center - 0.5, center + 0.5);
    const entry = JOURNAL[7];
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.66, 0.34],
      children: [
        {
          kind: 'line',
          heading: 'ACME daily close, USD, centred on the entry date',
          x: s.x,
          y: { format: (v) => `$${v.toFixed(0)}` },
          series: [{ name: 'ACME', values: s.values, color: '#334155', width: 1.6 }],
          vLines: [{ value: center, label: 'Oct 27, 2023', color: PALETTE[1] }],
          markers: [{ x: center, y: valueAt(s, center), shape: 'diamond', color: PALETTE[1] ?? '' }],
        },
        {
          kind: 'note',
          heading: 'Journal entry',
          date: 'Friday, October 27, 2023',
          title: entry?.title ?? '',
          body: `${entry?.text ?? ''} Thesis unchanged: order backlog still growing and the services segment keeps margins up. Revisit after the next report; stop if it closes below $110.`,
          fields: [
            ['Close on date', `$${valueAt(s, center).toFixed(2)}`],
            ['Change since', pct((valueAt(s, center + 0.49) / valueAt(s, center) - 1) * 100, 1, true)],
            ['Tag', 'ACME'],
          ],
        },
      ],
    };
  },
};

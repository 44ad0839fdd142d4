/** Charts of the Journal screenshots; toolbar inputs, views and data tables are in ../specs/journal.json. */
import { z } from 'zod';
import { isoDate, toolData } from '../spec-files';
import { acme, slice, valueAt } from '../data';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { PALETTE } from '../svg';
import { decimalYear } from './helpers';

const data = toolData(
  'journal',
  z.strictObject({
    journal: z.array(z.strictObject({ date: isoDate, title: z.string(), text: z.string(), tag: z.string() })),
  }),
);

const JOURNAL = data.journal;

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

/** Charts of the Presidential Cycle screenshots; toolbar inputs and views are in ../specs/presidential-cycle.json. */
import { sp500, yearlyReturns } from '../data';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { mean, median } from '../series';
import { PALETTE } from '../svg';
import { pctAxis, round } from './helpers';

function cycleTable(): { start: number; president: string; values: number[] }[] {
  const yearly = yearlyReturns(sp500());
  const names = [
    'Eisenhower',
    'Eisenhower',
    'Kennedy / Johnson',
    'Johnson',
    'Nixon',
    'Nixon / Ford',
    'Carter',
    'Reagan',
    'Reagan',
    'G. H. W. Bush',
    'Clinton',
    'Clinton',
    'G. W. Bush',
    'G. W. Bush',
    'Obama',
    'Obama',
    'Trump',
    'Biden',
  ];
  return names.map((president, i) => {
    const start = 1953 + i * 4;
    return { start, president, values: [0, 1, 2, 3].map((k) => round(yearly.get(start + k) ?? 0, 1)) };
  });
}

export const charts: ChartBuilders = {
  'presidential-cycle-1.png': () => {
    const t = cycleTable().filter((r) => r.start <= 2017);
    const col = (k: number) => t.map((r) => r.values[k] ?? 0);
    return {
      kind: 'bar',
      heading: 'S&P 500 calendar-year return by year of the presidential term, %',
      categories: [
        'Year 1 (post-election)',
        'Year 2 (midterm)',
        'Year 3 (pre-election)',
        'Year 4 (election)',
      ],
      series: [
        { name: 'Average', values: [0, 1, 2, 3].map((k) => round(mean(col(k)), 1)), color: PALETTE[0] },
        { name: 'Median', values: [0, 1, 2, 3].map((k) => round(median(col(k)), 1)), color: '#94a3b8' },
      ],
      valueLabels: true,
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
    };
  },
  'presidential-cycle-2.png': () => {
    const t = cycleTable();
    return {
      kind: 'heatmap',
      heading: 'Index return in each year of the term, %',
      labelColumns: [
        { header: 'Term', width: 1.1 },
        { header: 'President', width: 1.8 },
      ],
      valueColumns: ['Year 1', 'Year 2', 'Year 3', 'Year 4', 'Term'],
      rows: t.map((r) => {
        const values: (number | null)[] = r.values.map((v, k) => (r.start + k > 2023 ? null : v));
        const done = values.filter((v): v is number => v !== null);
        const term = (done.reduce((a, v) => a * (1 + v / 100), 1) - 1) * 100;
        return { labels: [`${r.start}–${r.start + 3}`, r.president], values: [...values, round(term, 1)] };
      }),
      saturation: 25,
      columnSaturation: [25, 25, 25, 25, 60],
      format: (v) => pct(v, 1, true),
      rowHeight: 28,
    };
  },
};

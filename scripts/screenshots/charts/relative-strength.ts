/** Charts of the Relative Strength screenshots; toolbar inputs and views are in ../specs/relative-strength.json. */
import { SECTORS, acme, sample, slice, sp500, valueAt } from '../data';
import type { ChartBuilders } from '../render';
import { formatNumber } from '../scale';
import { PALETTE } from '../svg';
import { num, round } from './helpers';

export const charts: ChartBuilders = {
  'relative-strength-1.png': () => {
    const a = sample(slice(acme(), 2021.41), 2);
    const ratio = a.x.map((x, i) => (a.values[i] ?? 0) / valueAt(sp500(), x));
    const base = ratio[0] ?? 1;
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.45, 0.55],
      children: [
        {
          kind: 'line',
          heading: 'ACME close, USD',
          x: a.x,
          y: { format: (v) => `$${v.toFixed(0)}`, count: 4 },
          series: [{ name: 'ACME', values: a.values, color: '#334155', width: 1.5 }],
        },
        {
          kind: 'line',
          heading: 'Relative strength: ACME / S&P 500, rebased to 1.00 (rising = outperforming)',
          x: a.x,
          y: { format: num(2), count: 5 },
          series: [
            { name: 'ACME / S&P 500', values: ratio.map((r) => r / base), color: PALETTE[3], width: 2 },
          ],
          hLines: [{ value: 1, color: '#374151', dash: '4 3' }],
        },
      ],
    };
  },
  'relative-strength-2.png': (rng) => {
    const rows = SECTORS.map(([sym, name]) => {
      const m6 = rng.normal() * 6;
      return { sym, name, m3: m6 * 0.6 + rng.normal() * 3, m6, m12: m6 * 1.2 + rng.normal() * 6 };
    }).sort((a, b) => b.m6 - a.m6);
    return {
      kind: 'heatmap',
      heading: 'Sector ETFs ranked by relative strength vs S&P 500, percentage points of outperformance',
      labelColumns: [
        { header: 'Rank', width: 0.5 },
        { header: 'Symbol', width: 0.7 },
        { header: 'Sector', width: 2 },
      ],
      valueColumns: ['3 months', '6 months', '12 months'],
      rows: rows.map((r, i) => ({
        labels: [String(i + 1), r.sym, r.name],
        values: [round(r.m3, 1), round(r.m6, 1), round(r.m12, 1)],
      })),
      saturation: 10,
      format: (v) => `${v > 0 ? '+' : ''}${formatNumber(v, 1)}`,
      rowHeight: 40,
      fontSize: 14,
    };
  },
};

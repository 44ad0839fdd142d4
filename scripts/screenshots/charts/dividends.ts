/** Charts of the Dividends screenshots; toolbar inputs and views are in ../specs/dividends.json. */
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { PALETTE } from '../svg';
import type { Cell } from '../table';
import { pctAxis, round, signedCell } from './helpers';

function dividendHistory(): { years: number[]; dps: number[] } {
  const rng = new Rng('acme-dividends');
  const years = Array.from({ length: 20 }, (_, i) => 2004 + i);
  let d = 0.62;
  const dps = years.map((y) => {
    d = d * (y === 2009 ? 1.0 : 1.06 + rng.next() * 0.05);
    return round(d, 2);
  });
  return { years, dps };
}

export const charts: ChartBuilders = {
  'dividends-1.png': (rng) => {
    const h = dividendHistory();
    const yieldValues = h.dps.map((d, i) =>
      round((d / (28 + i * 5.2 + rng.normal() * 4)) * 100 * (h.years[i] === 2008 ? 1.5 : 1), 2),
    );
    return {
      kind: 'bar',
      heading: 'ACME dividends per share by year, USD, and trailing dividend yield (right)',
      categories: h.years.map(String),
      series: [{ name: 'Dividends per share', values: h.dps, color: '#16a34a' }],
      valueLabels: true,
      valueFormat: (v) => v.toFixed(2),
      y: { format: (v) => `$${v.toFixed(2)}`, label: 'USD per share' },
      overlays: [
        { name: 'Dividend yield (right)', values: yieldValues, color: PALETTE[3] ?? '', axis: 'right' },
      ],
      y2: { min: 0, format: pctAxis(1), label: 'Trailing yield' },
    };
  },
  'dividends-2.png': () => {
    const h = dividendHistory();
    const rows: Cell[][] = [];
    for (let y = 2024; y >= 2019; y--) {
      const annual = h.dps[y - 2004] ?? (h.dps[h.dps.length - 1] ?? 0) * 1.07;
      for (const [m, pay] of y === 2024
        ? [
            [5, 6],
            [2, 3],
          ]
        : [
            [11, 12],
            [8, 9],
            [5, 6],
            [2, 3],
          ]) {
        const ex = `${y}-${String(m).padStart(2, '0')}-${m === 2 ? '14' : '13'}`;
        const paid = `${y}-${String(pay).padStart(2, '0')}-0${m === 2 ? 7 : 5}`;
        const prevYear = (h.dps[y - 2005] ?? annual) / 4;
        rows.push([
          ex,
          paid,
          { text: `$${(annual / 4).toFixed(4)}`, bold: true },
          'Quarterly',
          signedCell((annual / 4 / prevYear - 1) * 100, 1),
        ]);
      }
    }
    return {
      kind: 'table',
      heading: 'Dividend payments',
      columns: [
        { header: 'Ex-dividend date' },
        { header: 'Payment date' },
        { header: 'Amount per share', align: 'right' },
        { header: 'Frequency' },
        { header: 'Change y/y', align: 'right' },
      ],
      rows: rows.map((cells) => ({ cells })),
      status: `${rows.length} payments · amounts adjusted for splits`,
    };
  },
};

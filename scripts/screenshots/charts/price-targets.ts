/** Charts of the Analyst Price Targets screenshots; toolbar inputs and views are in ../specs/price-targets.json. */
import { type DailySeries, FIRMS, acme, slice } from '../data';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { mean } from '../series';
import { PALETTE } from '../svg';
import { round, signedCell } from './helpers';

interface TargetChange {
  date: string;
  firm: string;
  rating: string;
  previous: number;
  next: number;
}

function targetHistory(): { series: DailySeries; changes: TargetChange[] } {
  const rng = new Rng('acme-targets');
  const series = slice(acme(), 2022.41);
  const changes: TargetChange[] = [];
  const targets = new Map<string, number>();
  FIRMS.forEach((firm) => targets.set(firm, round((series.values[0] ?? 100) * rng.range(1.05, 1.35), 0)));
  for (let i = 15; i < series.x.length; i += rng.int(8, 18)) {
    const firm = rng.pick(FIRMS);
    const price = series.values[i] ?? 100;
    const previous = targets.get(firm) ?? price;
    const next = round(price * rng.range(0.95, 1.4), 0);
    targets.set(firm, next);
    changes.push({
      date: series.dates[i] ?? '',
      firm,
      rating: next > price * 1.12 ? 'Buy' : next < price ? 'Sell' : 'Hold',
      previous,
      next,
    });
  }
  return { series, changes };
}

export const charts: ChartBuilders = {
  'price-targets-1.png': () => {
    const { series, changes } = targetHistory();
    const current = new Map<string, number>();
    const mean12: number[] = [];
    const hi: number[] = [];
    const lo: number[] = [];
    let c = 0;
    const first = (series.values[0] ?? 100) * 1.2;
    FIRMS.forEach((f, i) => current.set(f, first * (0.88 + i * 0.025)));
    series.dates.forEach((date) => {
      while (c < changes.length && (changes[c]?.date ?? '') <= date) {
        const ch = changes[c];
        if (ch) current.set(ch.firm, ch.next);
        c++;
      }
      const values = [...current.values()];
      mean12.push(mean(values));
      hi.push(Math.max(...values));
      lo.push(Math.min(...values));
    });
    return {
      kind: 'line',
      heading: 'ACME daily close and analyst 12-month price targets, USD',
      x: series.x,
      y: { format: (v) => `$${v.toFixed(0)}` },
      ranges: [{ name: 'High–low target range', lower: lo, upper: hi, color: '#93c5fd', opacity: 0.4 }],
      series: [
        { name: 'Mean target', values: mean12, step: true, color: PALETTE[0], width: 2.2 },
        { name: 'ACME close', values: series.values, color: '#334155', width: 1.4 },
      ],
    };
  },
  'price-targets-2.png': () => {
    const { series, changes } = targetHistory();
    const last = series.values[series.values.length - 1] ?? 100;
    return {
      kind: 'table',
      heading: 'Individual price targets',
      columns: [
        { header: 'Date', width: 1.1 },
        { header: 'Firm', width: 1.8 },
        { header: 'Rating', width: 0.8 },
        { header: 'Previous target', align: 'right' },
        { header: 'New target', align: 'right' },
        { header: 'Implied change', align: 'right' },
      ],
      rows: [...changes].reverse().map((ch) => ({
        cells: [
          ch.date,
          ch.firm,
          ch.rating,
          `$${ch.previous.toFixed(0)}`,
          { text: `$${ch.next.toFixed(0)}`, bold: true },
          signedCell((ch.next / last - 1) * 100, 1),
        ],
      })),
      status: `${changes.length} target changes · implied change vs last price $${last.toFixed(2)}`,
    };
  },
};

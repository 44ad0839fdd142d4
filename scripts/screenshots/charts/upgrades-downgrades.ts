/** Charts of the Upgrades and Downgrades screenshots; toolbar inputs and views are in ../specs/upgrades-downgrades.json. */
import { type DailySeries, FIRMS, acme, slice } from '../data';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { COLORS } from '../svg';

const RATINGS = ['Sell', 'Underperform', 'Hold', 'Outperform', 'Buy'];

function ratingChanges(): {
  series: DailySeries;
  events: { i: number; firm: string; from: string; to: string; action: string }[];
} {
  const rng = new Rng('acme-ratings');
  const series = slice(acme(), 2021.41);
  const events: { i: number; firm: string; from: string; to: string; action: string }[] = [];
  for (let i = 20; i < series.x.length - 5; i += rng.int(25, 60)) {
    const from = rng.int(0, 4);
    const up = from === 0 ? true : from === 4 ? false : rng.next() < 0.55;
    const to = up ? from + 1 : from - 1;
    events.push({
      i,
      firm: rng.pick(FIRMS),
      from: RATINGS[from] ?? '',
      to: RATINGS[to] ?? '',
      action: up ? 'Upgrade' : 'Downgrade',
    });
  }
  return { series, events };
}

export const charts: ChartBuilders = {
  'upgrades-downgrades-1.png': () => {
    const { series, events } = ratingChanges();
    return {
      kind: 'line',
      heading: 'ACME daily close, USD, with analyst rating changes',
      x: series.x,
      y: { format: (v) => `$${v.toFixed(0)}` },
      series: [{ name: 'ACME close', values: series.values, color: '#334155', width: 1.4 }],
      markers: events.map((e) => {
        const up = e.action === 'Upgrade';
        const price = series.values[e.i] ?? 0;
        return {
          x: series.x[e.i] ?? 0,
          y: up ? price * 0.93 : price * 1.07,
          shape: up ? ('up' as const) : ('down' as const),
          color: up ? COLORS.up : COLORS.down,
        };
      }),
      legendExtra: [
        { name: 'Upgrade', color: COLORS.up, kind: 'box' },
        { name: 'Downgrade', color: COLORS.down, kind: 'box' },
      ],
    };
  },
  'upgrades-downgrades-2.png': () => {
    const { series, events } = ratingChanges();
    return {
      kind: 'table',
      heading: 'Rating changes',
      columns: [
        { header: 'Date' },
        { header: 'Firm', width: 1.6 },
        { header: 'Action' },
        { header: 'Previous rating' },
        { header: 'New rating' },
        { header: 'Price on day', align: 'right' },
      ],
      rows: [...events].reverse().map((e) => ({
        cells: [
          series.dates[e.i] ?? '',
          e.firm,
          {
            text: `${e.action === 'Upgrade' ? '▲' : '▼'} ${e.action}`,
            color: e.action === 'Upgrade' ? COLORS.up : COLORS.down,
            bold: true,
          },
          e.from,
          { text: e.to, bold: true },
          `$${(series.values[e.i] ?? 0).toFixed(2)}`,
        ],
      })),
      status: `${events.length} rating changes in 3 years`,
    };
  },
};

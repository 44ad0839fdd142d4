/** Charts of the Backtest by Year screenshots; toolbar inputs and views are in ../specs/backtest-by-year.json. */
import { slice, sp500 } from '../data';
import type { ChartBuilders } from '../render';
import { movingAverage } from '../series';
import { PALETTE } from '../svg';
import { pctAxis, round, signedCell } from './helpers';

function backtest(): { year: number; hold: number; rule: number; trades: number }[] {
  const s = slice(sp500(), 1998);
  const ma = movingAverage(s.values, 200);
  const out: { year: number; hold: number; rule: number; trades: number }[] = [];
  let invested = true;
  for (let year = 2000; year <= 2023; year++) {
    let hold = 1;
    let rule = 1;
    let trades = 0;
    s.x.forEach((x, i) => {
      if (Math.floor(x) !== year || i === 0) return;
      const r = (s.values[i] ?? 1) / (s.values[i - 1] ?? 1);
      hold *= r;
      if (invested) rule *= r;
      const m = ma[i];
      // Rule: hold when the close is above the 200-day average, with a 1% band against whipsaws.
      const want =
        m === null || m === undefined
          ? true
          : invested
            ? (s.values[i] ?? 0) > m * 0.99
            : (s.values[i] ?? 0) > m * 1.01;
      if (want !== invested) {
        trades++;
        invested = want;
      }
    });
    out.push({ year, hold: (hold - 1) * 100, rule: (rule - 1) * 100, trades });
  }
  return out;
}

export const charts: ChartBuilders = {
  'backtest-by-year-1.png': () => {
    const b = backtest();
    return {
      kind: 'bar',
      heading: 'Yearly return, %: buy and hold vs 200-day moving average rule',
      categories: b.map((r) => String(r.year)),
      rotateLabels: true,
      series: [
        { name: 'Buy and hold', values: b.map((r) => round(r.hold, 1)), color: '#64748b' },
        { name: '200-day MA rule', values: b.map((r) => round(r.rule, 1)), color: PALETTE[0] },
      ],
      y: { format: pctAxis(0) },
    };
  },
  'backtest-by-year-2.png': () => ({
    kind: 'table',
    heading: 'Results by year',
    rowHeight: 23,
    fontSize: 12,
    columns: [
      { header: 'Year' },
      { header: 'Buy and hold', align: 'right' },
      { header: '200-day MA rule', align: 'right' },
      { header: 'Difference (pp)', align: 'right' },
      { header: 'Trades', align: 'right' },
    ],
    rows: backtest()
      .reverse()
      .map((r) => ({
        cells: [
          String(r.year),
          signedCell(r.hold, 1),
          signedCell(r.rule, 1),
          signedCell(r.rule - r.hold, 1, ''),
          String(r.trades),
        ],
      })),
    status: 'Trades: switches between the index and cash; no costs or interest on cash',
  }),
};

/** Charts of the Price History screenshots; toolbar inputs and views are in ../specs/price-history.json. */
import { acme, sample, slice, sp500 } from '../data';
import type { ChartBuilders } from '../render';
import { PALETTE } from '../svg';
import { SP, num, signedCell, trailingMa } from './helpers';

export const charts: ChartBuilders = {
  'price-history-1.png': () => {
    const daily = slice(sp500(), 1989);
    const ma50 = trailingMa(daily.values, 50);
    const ma200 = trailingMa(daily.values, 200);
    const keep = daily.x.map((x, i) => (x >= 1990 && i % 3 === 0 ? i : -1)).filter((i) => i >= 0);
    const pick = <T>(arr: T[]) => keep.map((i) => arr[i] as T);
    return {
      kind: 'line',
      heading: 'S&P 500 index, daily close (log scale)',
      x: pick(daily.x),
      y: { log: true, format: num(0) },
      series: [
        { name: SP, values: pick(daily.values), width: 1.2, color: '#334155' },
        { name: '50-day MA', values: pick(ma50), width: 1.5, color: PALETTE[1] },
        { name: '200-day MA', values: pick(ma200), width: 2, color: PALETTE[0] },
      ],
    };
  },
  'price-history-2.png': () => {
    const weekly = sample(slice(acme(), 2018.6), 5);
    const ma40 = trailingMa(weekly.values, 40);
    const start = weekly.x.findIndex((x) => x >= 2019.41);
    const x = weekly.x.slice(start);
    const rows = weekly.dates
      .map((date, i) => ({
        date,
        close: weekly.values[i] ?? 0,
        ma: ma40[i] ?? null,
        prev: weekly.values[i - 1] ?? 0,
      }))
      .slice(-20)
      .reverse();
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.64, 0.36],
      children: [
        {
          kind: 'line',
          heading: 'ACME weekly close, USD',
          x,
          y: { format: (v) => `$${v.toFixed(0)}` },
          series: [
            { name: 'ACME', values: weekly.values.slice(start), color: '#334155', width: 1.6 },
            { name: '40-week MA', values: ma40.slice(start), color: PALETTE[1], width: 2.2 },
          ],
        },
        {
          kind: 'table',
          heading: 'Data',
          fontSize: 12,
          rowHeight: 25,
          columns: [
            { header: 'Week of', width: 1.3 },
            { header: 'Close', align: 'right' },
            { header: '40-wk MA', align: 'right' },
            { header: 'Chg', align: 'right', width: 0.9 },
          ],
          rows: rows.map((row) => ({
            cells: [
              row.date,
              row.close.toFixed(2),
              row.ma === null ? '' : row.ma.toFixed(2),
              signedCell((row.close / (row.prev || row.close) - 1) * 100, 1),
            ],
          })),
          status: `${weekly.x.length - start} rows · Export CSV`,
        },
      ],
    };
  },
};

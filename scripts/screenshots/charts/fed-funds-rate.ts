/** Charts of the Fed Funds Rate screenshots; the toolbar inputs and views are in ../specs/fed-funds-rate.json. */
import type { ChartBuilders } from '../render';
import { timeline } from '../series';
import { COLORS } from '../svg';
import { decimalYear, fmtDate, pctAxis, round, signedCell } from './helpers';

/** Target range decisions: [date, new lower bound]; upper bound is lower + 0.25. */
export const FOMC: [string, number][] = [
  ['2008-01-22', 3.25],
  ['2008-01-30', 2.75],
  ['2008-03-18', 2.0],
  ['2008-04-30', 1.75],
  ['2008-10-08', 1.25],
  ['2008-10-29', 0.75],
  ['2008-12-16', 0],
  ['2015-12-16', 0.25],
  ['2016-12-14', 0.5],
  ['2017-03-15', 0.75],
  ['2017-06-14', 1.0],
  ['2017-12-13', 1.25],
  ['2018-03-21', 1.5],
  ['2018-06-13', 1.75],
  ['2018-09-26', 2.0],
  ['2018-12-19', 2.25],
  ['2019-07-31', 2.0],
  ['2019-09-18', 1.75],
  ['2019-10-30', 1.5],
  ['2020-03-03', 1.0],
  ['2020-03-15', 0],
  ['2022-03-16', 0.25],
  ['2022-05-04', 0.75],
  ['2022-06-15', 1.5],
  ['2022-07-27', 2.25],
  ['2022-09-21', 3.0],
  ['2022-11-02', 3.75],
  ['2022-12-14', 4.25],
  ['2023-02-01', 4.5],
  ['2023-03-22', 4.75],
  ['2023-05-03', 5.0],
  ['2023-07-26', 5.25],
];

export const charts: ChartBuilders = {
  'fed-funds-rate-1.png': (rng) => {
    const x = timeline(2008, 2024.41, 104);
    let lower = 3.5;
    const lowers = x.map((t) => {
      for (const [date, value] of FOMC) if (decimalYear(date) <= t) lower = value;
      return lower;
    });
    // Effective rate sits inside the range: near the bottom at zero bound, mid-range otherwise.
    const effective = lowers.map((l) =>
      round(l + (l === 0 ? 0.09 : 0.08) + Math.abs(rng.normal()) * 0.02, 2),
    );
    return {
      kind: 'line',
      heading: 'Federal funds target range and effective rate, %',
      x,
      y: { format: pctAxis(1), min: 0, max: 6 },
      ranges: [
        {
          name: 'Target range',
          lower: lowers,
          upper: lowers.map((l) => l + 0.25),
          color: '#60a5fa',
          opacity: 0.55,
        },
      ],
      series: [{ name: 'Effective fed funds rate', values: effective, color: '#1e3a8a', width: 1.6 }],
    };
  },
  'fed-funds-rate-2.png': () => {
    const rows = FOMC.map(([date, lower], i) => {
      const prev = i === 0 ? 3.5 : (FOMC[i - 1]?.[1] ?? 0);
      return { date, prev, lower };
    })
      .filter((r) => r.date >= '2015')
      .reverse();
    const range = (l: number) => `${l.toFixed(2)}% – ${(l + 0.25).toFixed(2)}%`;
    return {
      kind: 'table',
      heading: 'FOMC decisions',
      columns: [
        { header: 'Meeting date', width: 1.2 },
        { header: 'Old target range', align: 'right', width: 1.4 },
        { header: 'New target range', align: 'right', width: 1.4 },
        { header: 'Change (bp)', align: 'right' },
        { header: 'Decision', width: 1 },
      ],
      rows: rows.map((r) => {
        const bp = Math.round((r.lower - r.prev) * 100);
        return {
          cells: [
            fmtDate(r.date),
            range(r.prev),
            range(r.lower),
            signedCell(bp, 0, ''),
            { text: bp > 0 ? 'Hike' : 'Cut', color: bp > 0 ? COLORS.down : COLORS.up, bold: true },
          ],
        };
      }),
      status: `${rows.length} rate changes since 2015 · Export CSV`,
    };
  },
};

/** Charts of the Fed Funds Rate screenshots; toolbar inputs, views and data tables are in ../specs/fed-funds-rate.json. */
import { z } from 'zod';
import { isoDate, toolData } from '../spec-files';
import type { ChartBuilders } from '../render';
import { timeline } from '../series';
import { COLORS } from '../svg';
import { decimalYear, fmtDate, pctAxis, round, signedCell } from './helpers';

const data = toolData(
  'fed-funds-rate',
  z.strictObject({
    /** Target range decisions: [date, new lower bound]; upper bound is lower + 0.25. */
    fomc: z.array(z.tuple([isoDate, z.number()])),
  }),
);

export const FOMC = data.fomc;

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

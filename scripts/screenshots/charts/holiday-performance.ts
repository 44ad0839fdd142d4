/** Charts of the Holiday Performance screenshots; toolbar inputs, views and data tables are in ../specs/holiday-performance.json. */
import { z } from 'zod';
import { toolData } from '../spec-files';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import type { Cell } from '../table';
import { pctAxis, round, signedCell } from './helpers';

const data = toolData(
  'holiday-performance',
  z.strictObject({
    /** Market holidays, in calendar order. */
    holidays: z.array(z.string()),
  }),
);

const HOLIDAYS = data.holidays;

function holidayStats(rng: Rng): { days: number[][]; up: number[][] } {
  const days = HOLIDAYS.map(() =>
    [-3, -2, -1, 1, 2, 3].map((d) =>
      round((d === -1 ? 0.18 : d === 1 ? 0.09 : 0.04) + rng.normal() * 0.09, 2),
    ),
  );
  const up = days.map((row) => row.map((v) => round(53 + v * 60 + rng.normal() * 3, 0)));
  return { days, up };
}

export const charts: ChartBuilders = {
  'holiday-performance-1.png': (rng) => {
    const s = holidayStats(rng);
    const names = [
      '3 days before',
      '2 days before',
      'Day before',
      'Day after',
      '2 days after',
      '3 days after',
    ];
    const colors = ['#bfdbfe', '#60a5fa', '#1d4ed8', '#c2410c', '#fb923c', '#fed7aa'];
    return {
      kind: 'bar',
      heading: 'S&P 500 average return around US market holidays, %, 1990–2023',
      categories: HOLIDAYS,
      series: names.map((name, i) => ({ name, values: s.days.map((row) => row[i] ?? 0), color: colors[i] })),
      y: { format: pctAxis(2) },
    };
  },
  'holiday-performance-2.png': () => {
    const s = holidayStats(new Rng('holiday-performance-1.png'));
    return {
      kind: 'table',
      heading: 'Day before and day after each market holiday',
      rowHeight: 34,
      fontSize: 14,
      columns: [
        { header: 'Holiday', width: 1.6 },
        { header: 'Day before: avg', align: 'right' },
        { header: 'Day before: up', align: 'right' },
        { header: 'Day after: avg', align: 'right' },
        { header: 'Day after: up', align: 'right' },
        { header: 'Years', align: 'right', width: 0.6 },
      ],
      rows: [
        ...HOLIDAYS.map((h, i) => ({
          cells: [
            h,
            signedCell(s.days[i]?.[2] ?? 0, 2),
            `${s.up[i]?.[2] ?? 0}%`,
            signedCell(s.days[i]?.[3] ?? 0, 2),
            `${s.up[i]?.[3] ?? 0}%`,
            h === 'MLK Day' ? '26' : '34',
          ] as Cell[],
        })),
        {
          cells: ['All trading days', signedCell(0.036, 2), '53%', signedCell(0.036, 2), '53%', '34'],
          bold: true,
          separator: true,
          bg: '#f3f4f6',
        },
      ],
    };
  },
};

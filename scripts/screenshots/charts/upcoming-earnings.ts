/** Charts of the Upcoming Earnings screenshots; toolbar inputs, views and data tables are in ../specs/upcoming-earnings.json. */
import { z } from 'zod';
import { isoDate, toolData } from '../spec-files';
import type { ChartBuilders } from '../render';
import { fmtDate } from './helpers';

const data = toolData(
  'upcoming-earnings',
  z.strictObject({
    /** [symbol, name, ISO date, timing, EPS estimate, revenue estimate in $B, year-ago EPS]. */
    upcoming: z.array(
      z.tuple([z.string(), z.string(), isoDate, z.string(), z.number(), z.number(), z.number()]),
    ),
  }),
);

const UPCOMING = data.upcoming;

export const charts: ChartBuilders = {
  'upcoming-earnings-1.png': () => {
    const days = ['2024-07-22', '2024-07-23', '2024-07-24', '2024-07-25', '2024-07-26'];
    const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
    return {
      kind: 'calendar',
      heading: 'Earnings calendar',
      groups: [
        { name: 'BEFORE OPEN', color: '#d97706' },
        { name: 'AFTER CLOSE', color: '#4f46e5' },
      ],
      days: days.map((d, i) => ({
        label: `${names[i] ?? ''} ${fmtDate(d).slice(0, -6)}`,
        entries: UPCOMING.filter((u) => u[2] === d).map((u) => ({
          symbol: u[0],
          name: u[1],
          group: u[3] === 'Before open' ? 'BEFORE OPEN' : 'AFTER CLOSE',
        })),
      })),
    };
  },
  'upcoming-earnings-2.png': () => ({
    kind: 'table',
    heading: 'Upcoming reports',
    columns: [
      { header: 'Symbol', width: 0.7 },
      { header: 'Company', width: 1.8 },
      { header: 'Date' },
      { header: 'Timing' },
      { header: 'EPS estimate', align: 'right' },
      { header: 'Revenue estimate', align: 'right' },
      { header: 'Year-ago EPS', align: 'right' },
    ],
    rows: UPCOMING.map(([sym, name, date, timing, eps, rev, ago]) => ({
      cells: [
        { text: sym, bold: true },
        name,
        date,
        timing,
        `$${eps.toFixed(2)}`,
        `$${rev.toFixed(1)}B`,
        `$${ago.toFixed(2)}`,
      ],
    })),
    status: `${UPCOMING.length} reports this week`,
  }),
};

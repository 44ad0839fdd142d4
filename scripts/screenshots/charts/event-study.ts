/** Charts of the Event Study screenshots; toolbar inputs, views and data tables are in ../specs/event-study.json. */
import { z } from 'zod';
import { isoDate, toolData } from '../spec-files';
import { indexAt, sp500 } from '../data';
import type { ChartBuilders } from '../render';
import { mean, median } from '../series';
import { PALETTE } from '../svg';
import type { Cell } from '../table';
import { decimalYear, pctAxis, signedCell } from './helpers';

const data = toolData(
  'event-study',
  z.strictObject({
    /** [event name, ISO date]. */
    events: z.array(z.tuple([z.string(), isoDate])),
  }),
);

const EVENTS = data.events;

function eventPaths(): number[][] {
  const s = sp500();
  return EVENTS.map(([, date]) => {
    const i0 = indexAt(s, decimalYear(date));
    const base = s.values[i0] ?? 1;
    return Array.from({ length: 81 }, (_, k) => ((s.values[i0 - 20 + k] ?? base) / base - 1) * 100);
  });
}

export const charts: ChartBuilders = {
  'event-study-1.png': () => {
    const paths = eventPaths();
    const x = Array.from({ length: 81 }, (_, i) => i - 20);
    return {
      kind: 'line',
      heading: 'S&P 500 % change relative to the close on each event date',
      x,
      xTicks: [-20, -10, 0, 10, 20, 30, 40, 50, 60].map((d) => ({
        value: d,
        label: d > 0 ? `+${d}` : `${d}`,
      })),
      xLabel: 'Trading days relative to the event',
      y: { format: pctAxis(0) },
      series: [
        ...paths.map((p, i) => ({
          name: EVENTS[i]?.[0] ?? '',
          values: p,
          color: '#cbd5e1',
          width: 1.1,
          legend: false,
        })),
        {
          name: 'Average',
          values: x.map((_, k) => mean(paths.map((p) => p[k] ?? 0))),
          color: PALETTE[0],
          width: 3,
        },
        {
          name: 'Median',
          values: x.map((_, k) => median(paths.map((p) => p[k] ?? 0))),
          color: PALETTE[1],
          width: 2.5,
          dash: '6 3',
        },
      ],
      vLines: [{ value: 0, label: 'Event', color: '#111827' }],
      hLines: [{ value: 0, color: '#6b7280', dash: '3 3' }],
      legendExtra: [{ name: 'Individual events', color: '#cbd5e1' }],
    };
  },
  'event-study-2.png': () => {
    const paths = eventPaths();
    return {
      kind: 'table',
      heading: 'Percent change after each event',
      rowHeight: 32,
      columns: [
        { header: 'Event', width: 2 },
        { header: 'Date' },
        { header: '+1 day', align: 'right' },
        { header: '+5 days', align: 'right' },
        { header: '+20 days', align: 'right' },
        { header: '+60 days', align: 'right' },
      ],
      rows: [
        ...EVENTS.map(([name, date], i) => ({
          cells: [name, date, ...[21, 25, 40, 80].map((k) => signedCell(paths[i]?.[k] ?? 0, 1))] as Cell[],
        })),
        {
          cells: [
            'Average',
            '',
            ...[21, 25, 40, 80].map((k) => signedCell(mean(paths.map((p) => p[k] ?? 0)), 1)),
          ],
          bold: true,
          separator: true,
          bg: '#f3f4f6',
        },
        {
          cells: [
            'Median',
            '',
            ...[21, 25, 40, 80].map((k) => signedCell(median(paths.map((p) => p[k] ?? 0)), 1)),
          ],
          bold: true,
          bg: '#f3f4f6',
        },
      ],
    };
  },
};

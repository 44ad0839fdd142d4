/** Charts of the Market Events screenshots; toolbar inputs, views and data tables are in ../specs/market-events.json. */
import { z } from 'zod';
import { isoDate, toolData } from '../spec-files';
import { sample, slice, sp500 } from '../data';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { drawdown } from '../series';
import { COLORS } from '../svg';
import type { Cell } from '../table';
import { RECESSION_LEGEND, SP, decimalYear, num, recessionBands, signedCell } from './helpers';

const data = toolData(
  'market-events',
  z.strictObject({
    /** [name, ISO start date, ISO end date]. */
    crises: z.array(z.tuple([z.string(), isoDate, isoDate])),
  }),
);

const CRISES = data.crises;

export const charts: ChartBuilders = {
  'market-events-1.png': () => {
    const s = sample(slice(sp500(), 1990), 3);
    return {
      kind: 'line',
      heading: 'S&P 500 (log scale) with recessions and financial crises',
      x: s.x,
      y: { log: true, format: num(0) },
      bands: [
        ...recessionBands(1990, 2025),
        ...CRISES.map(([, a, b]) => ({
          from: decimalYear(a),
          to: decimalYear(b),
          color: COLORS.crisis,
          opacity: 0.45,
        })),
      ],
      series: [{ name: SP, values: s.values, color: '#1f2937', width: 1.4 }],
      legendExtra: [RECESSION_LEGEND, { name: 'Financial crisis', color: COLORS.crisis, kind: 'box' }],
    };
  },
  'market-events-2.png': () => {
    const s = sp500();
    const events: [string, string, string][] = [
      ['Recession', '1990-07-01', '1991-03-31'],
      ...CRISES.slice(0, 3),
      ['Recession', '2001-03-01', '2001-11-30'],
      ['Recession', '2007-12-01', '2009-06-30'],
      ...CRISES.slice(3),
      ['Recession', '2020-02-01', '2020-04-30'],
    ];
    events.sort((a, b) => a[1].localeCompare(b[1]));
    return {
      kind: 'table',
      heading: 'Events and S&P 500 moves',
      columns: [
        { header: 'Event', width: 2 },
        { header: 'Type', width: 0.9 },
        { header: 'Start' },
        { header: 'End' },
        { header: 'Change', align: 'right' },
        { header: 'Largest decline', align: 'right' },
      ],
      rows: events.map(([name, a, b]) => {
        const part = slice(s, decimalYear(a), decimalYear(b));
        const changeValue = ((part.values[part.values.length - 1] ?? 1) / (part.values[0] ?? 1) - 1) * 100;
        const worst = Math.min(...drawdown(part.values));
        const recession = name === 'Recession';
        return {
          cells: [
            recession ? `US recession ${a.slice(0, 4)}` : name,
            { text: recession ? 'Recession' : 'Crisis', color: recession ? '#6b7280' : '#c2410c' },
            a,
            b,
            signedCell(changeValue, 1),
            { text: pct(worst, 1), color: COLORS.down },
          ] as Cell[],
        };
      }),
      status: 'Events from Events.csv and the built-in list · change from start to end date',
    };
  },
};

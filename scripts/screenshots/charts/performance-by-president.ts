/** Charts of the Performance by President screenshots; toolbar inputs, views and data tables are in ../specs/performance-by-president.json. */
import { z } from 'zod';
import { isoDate, toolData } from '../spec-files';
import { sp500, valueAt } from '../data';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { mean } from '../series';
import type { Cell } from '../table';
import { decimalYear, pctAxis, round, signedCell } from './helpers';

const data = toolData(
  'performance-by-president',
  z.strictObject({
    presidents: z.array(
      z.strictObject({ name: z.string(), party: z.enum(['R', 'D']), start: isoDate, end: isoDate }),
    ),
  }),
);

const PRESIDENTS = data.presidents;

const PARTY_COLOR = { R: '#dc2626', D: '#2563eb' };

function presidentReturns(): {
  name: string;
  party: 'R' | 'D';
  start: string;
  end: string;
  total: number;
  annual: number;
}[] {
  const s = sp500();
  return PRESIDENTS.map((p) => {
    const a = valueAt(s, decimalYear(p.start));
    const b = valueAt(s, decimalYear(p.end));
    const years = decimalYear(p.end) - decimalYear(p.start);
    return { ...p, total: (b / a - 1) * 100, annual: (Math.pow(b / a, 1 / years) - 1) * 100 };
  });
}

export const charts: ChartBuilders = {
  'performance-by-president-1.png': () => {
    const rows = presidentReturns();
    return {
      kind: 'bar',
      heading: 'S&P 500 annualized price return during each presidency, %',
      horizontal: true,
      labelWidth: 230,
      categories: rows.map((p) => `${p.name} (${p.party}) ${p.start.slice(0, 4)}–${p.end.slice(2, 4)}`),
      colors: rows.map((p) => PARTY_COLOR[p.party]),
      series: [{ name: 'Annualized return', values: rows.map((p) => round(p.annual, 1)) }],
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
      legendExtra: [
        { name: 'Republican', color: PARTY_COLOR.R, kind: 'box' },
        { name: 'Democrat', color: PARTY_COLOR.D, kind: 'box' },
      ],
    };
  },
  'performance-by-president-2.png': () => {
    const rows = presidentReturns();
    const summary = (party: 'R' | 'D', label: string) => {
      const list = rows.filter((p) => p.party === party);
      return {
        cells: [
          `${label} (${list.length} presidents)`,
          party,
          '',
          '',
          signedCell(mean(list.map((p) => p.total)), 1),
          signedCell(mean(list.map((p) => p.annual)), 1),
        ] as Cell[],
        bold: true,
        bg: '#f3f4f6',
      };
    };
    return {
      kind: 'table',
      heading: 'S&P 500 during each presidency',
      rowHeight: 28,
      columns: [
        { header: 'President', width: 1.8 },
        { header: 'Party', width: 0.6 },
        { header: 'Start' },
        { header: 'End' },
        { header: 'Total return', align: 'right' },
        { header: 'Annualized', align: 'right' },
      ],
      rows: [
        ...rows.map((p) => ({
          cells: [
            p.name,
            { text: p.party, color: PARTY_COLOR[p.party], bold: true },
            p.start,
            p.end,
            signedCell(p.total, 1),
            signedCell(p.annual, 1),
          ] as Cell[],
        })),
        { ...summary('R', 'Republican average'), separator: true },
        summary('D', 'Democratic average'),
      ],
    };
  },
};

/** Charts of the Performance around Earnings screenshots; toolbar inputs and views are in ../specs/earnings-performance.json. */
import { acme, indexAt } from '../data';
import type { ChartBuilders } from '../render';
import { mean } from '../series';
import { PALETTE } from '../svg';
import type { Cell } from '../table';
import { quarterlyResults } from './earnings';
import { decimalYear, pctAxis, signedCell } from './helpers';

function earningsPaths(): { dates: string[]; paths: number[][] } {
  const s = acme();
  const q = quarterlyResults();
  const dates = q.dates.slice(4);
  const paths = dates.map((date) => {
    const i0 = indexAt(s, decimalYear(date));
    const base = s.values[i0 - 1] ?? 1;
    return Array.from({ length: 21 }, (_, k) => ((s.values[i0 - 11 + k] ?? base) / base - 1) * 100);
  });
  return { dates, paths };
}

export const charts: ChartBuilders = {
  'earnings-performance-1.png': () => {
    const { paths } = earningsPaths();
    const x = Array.from({ length: 21 }, (_, i) => i - 10);
    const avg = x.map((_, k) => mean(paths.map((p) => p[k] ?? 0)));
    return {
      kind: 'line',
      heading: 'ACME % change relative to the close before each earnings report',
      x,
      xTicks: x.filter((d) => d % 2 === 0).map((d) => ({ value: d, label: d > 0 ? `+${d}` : `${d}` })),
      xLabel: 'Trading days relative to the report',
      y: { format: pctAxis(0) },
      series: [
        ...paths.map((p, i) => ({
          name: `Report ${i + 1}`,
          values: p,
          color: '#cbd5e1',
          width: 1.1,
          legend: false,
        })),
        { name: 'Average of 20 reports', values: avg, color: PALETTE[0], width: 3 },
      ],
      vLines: [{ value: 0, label: 'Report', color: '#111827', dash: '5 3' }],
      hLines: [{ value: 0, color: '#6b7280', dash: '3 3' }],
      legendExtra: [{ name: 'Individual reports', color: '#cbd5e1' }],
    };
  },
  'earnings-performance-2.png': () => {
    const { dates, paths } = earningsPaths();
    const q = quarterlyResults();
    return {
      kind: 'table',
      heading: 'Returns around each earnings report',
      columns: [
        { header: 'Report date' },
        { header: 'Quarter' },
        { header: '5 days before', align: 'right' },
        { header: 'Reaction', align: 'right' },
        { header: '5 days after', align: 'right' },
        { header: 'Total', align: 'right' },
      ],
      rows: dates
        .map((date, i) => {
          const p = paths[i] ?? [];
          const before = ((1 + 0 / 100) / (1 + (p[5] ?? 0) / 100) - 1) * 100;
          const reaction = p[11] ?? 0;
          const after = ((1 + (p[16] ?? 0) / 100) / (1 + reaction / 100) - 1) * 100;
          return {
            cells: [
              date,
              q.labels[i + 4] ?? '',
              signedCell(before, 1),
              { ...signedCell(reaction, 1), bold: true },
              signedCell(after, 1),
              signedCell(((1 + before / 100) * (1 + (p[16] ?? 0) / 100) - 1) * 100, 1),
            ] as Cell[],
          };
        })
        .reverse(),
      status: 'Reaction = change from the close before the report to the close after it',
    };
  },
};

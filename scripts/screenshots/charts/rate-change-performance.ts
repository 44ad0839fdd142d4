/** Charts of the Performance around Rate Changes screenshots; toolbar inputs, views and data tables are in ../specs/rate-change-performance.json. */
import { z } from 'zod';
import { isoDate, toolData } from '../spec-files';
import { indexAt, sp500, valueAt } from '../data';
import type { LineSeries } from '../line-chart';
import type { ChartBuilders } from '../render';
import { mean } from '../series';
import { COLORS, PALETTE } from '../svg';
import type { Cell } from '../table';
import { FOMC } from './fed-funds-rate';
import { decimalYear, fmtDate, pctAxis, signedCell } from './helpers';

const data = toolData(
  'rate-change-performance',
  z.strictObject({
    /** ISO dates of the first cut of each easing cycle. */
    firstCuts: z.array(isoDate),
  }),
);

const FIRST_CUTS = data.firstCuts;

export const charts: ChartBuilders = {
  'rate-change-performance-1.png': () => {
    const s = sp500();
    const x = Array.from({ length: 251 }, (_, i) => i);
    const paths = FIRST_CUTS.map((date) => {
      const i0 = indexAt(s, decimalYear(date));
      const base = s.values[i0] ?? 1;
      return x.map((d) => ((s.values[i0 + d] ?? base) / base - 1) * 100);
    });
    const avg = x.map((d) => mean(paths.map((p) => p[d] ?? 0)));
    const series: LineSeries[] = paths.map((p, i) => ({
      name: FIRST_CUTS[i]?.slice(0, 4) ?? '',
      values: p,
      color: '#9ca3af',
      width: 1.2,
      legend: false,
    }));
    series.push({ name: 'Average of 6 cycles', values: avg, color: PALETTE[0], width: 3 });
    return {
      kind: 'line',
      heading: 'S&P 500 % change after the first rate cut of each easing cycle since 1990',
      x,
      xTicks: [0, 21, 63, 126, 189, 250].map((d) => ({ value: d, label: `${d}` })),
      xLabel: 'Trading days after the first cut',
      y: { format: pctAxis(0) },
      series,
      hLines: [{ value: 0, color: '#374151', dash: '3 3' }],
      markers: paths.map((p, i) => ({
        x: 250,
        y: p[250] ?? 0,
        shape: 'dot' as const,
        color: '#6b7280',
        label: FIRST_CUTS[i]?.slice(0, 4),
      })),
      legendExtra: [{ name: 'Individual cycles', color: '#9ca3af' }],
    };
  },
  'rate-change-performance-2.png': () => {
    const s = sp500();
    const rows = FOMC.filter(([d]) => d >= '2015').map(([date, lower], i, list) => {
      const prev = i === 0 ? 0 : (list[i - 1]?.[1] ?? 0);
      const t = decimalYear(date);
      const base = valueAt(s, t);
      const after = (months: number) =>
        t + months / 12 > 2024.41 ? null : (valueAt(s, t + months / 12) / base - 1) * 100;
      return { date, bp: Math.round((lower - prev) * 100), r: [after(1), after(3), after(6), after(12)] };
    });
    return {
      kind: 'table',
      heading: 'Fed rate decisions and S&P 500 returns afterwards',
      columns: [
        { header: 'Decision date', width: 1.2 },
        { header: 'Change (bp)', align: 'right' },
        { header: '1 month', align: 'right' },
        { header: '3 months', align: 'right' },
        { header: '6 months', align: 'right' },
        { header: '12 months', align: 'right' },
      ],
      rows: [...rows].reverse().map((r) => ({
        cells: [
          fmtDate(r.date),
          signedCell(r.bp, 0, ''),
          ...r.r.map((v): Cell => (v === null ? { text: '—', color: COLORS.faint } : signedCell(v, 1))),
        ],
      })),
      status: `${rows.length} decisions · returns are price changes of the symbol`,
    };
  },
};

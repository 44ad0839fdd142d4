/** Charts of the Performance by Month screenshots; toolbar inputs and views are in ../specs/performance-by-month.json. */
import { monthlyReturns, sp500 } from '../data';
import type { ChartBuilders } from '../render';
import { MONTHS, pct } from '../scale';
import { mean, median } from '../series';
import { COLORS } from '../svg';
import { pctAxis, round } from './helpers';

function monthStats(
  from: number,
  to: number,
): { avg: number[]; med: number[]; win: number[]; matrix: Map<number, (number | null)[]> } {
  const matrix = monthlyReturns(sp500());
  const cols: number[][] = Array.from({ length: 12 }, () => []);
  for (const [year, row] of matrix) {
    if (year < from || year > to) continue;
    row.forEach((v, m) => {
      if (v !== null) cols[m]?.push(v);
    });
  }
  return {
    avg: cols.map((c) => mean(c)),
    med: cols.map((c) => median(c)),
    win: cols.map((c) => (c.filter((v) => v > 0).length / Math.max(1, c.length)) * 100),
    matrix,
  };
}

export const charts: ChartBuilders = {
  'performance-by-month-1.png': () => {
    const s = monthStats(1990, 2023);
    return {
      kind: 'bar',
      heading: 'S&P 500 average monthly return, %, and share of years the month was up (right), 1990–2023',
      categories: MONTHS,
      series: [
        {
          name: 'Average return',
          values: s.avg.map((v) => round(v, 2)),
          color: COLORS.up,
          negativeColor: COLORS.down,
        },
      ],
      valueLabels: true,
      valueFormat: (v) => pct(v, 2, true),
      y: { format: pctAxis(1), label: 'Average return' },
      overlays: [
        {
          name: 'Win rate (right)',
          values: s.win.map((v) => round(v, 0)),
          color: '#1e3a8a',
          axis: 'right',
          style: 'dots',
        },
      ],
      y2: { min: 0, max: 100, format: pctAxis(0), label: 'Years up' },
      legendExtra: [{ name: 'Average return', color: COLORS.up, kind: 'box' }],
      showLegend: true,
    };
  },
};

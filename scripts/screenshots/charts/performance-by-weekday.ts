/** Charts of the Performance by Weekday screenshots; toolbar inputs and views are in ../specs/performance-by-weekday.json. */
import { slice, sp500 } from '../data';
import type { ChartBuilders } from '../render';
import { formatNumber, pct } from '../scale';
import { mean, median } from '../series';
import { COLORS } from '../svg';
import type { Cell } from '../table';
import { pctAxis, round, signedCell } from './helpers';

function weekdayStats(): { name: string; days: number; avg: number; med: number; up: number }[] {
  const s = slice(sp500(), 1999.99, 2024);
  const buckets: number[][] = [[], [], [], [], []];
  s.dates.forEach((date, i) => {
    if (i === 0) return;
    const day = new Date(date + 'T00:00:00Z').getUTCDay();
    const ret = ((s.values[i] ?? 0) / (s.values[i - 1] ?? 1) - 1) * 100;
    const bias = [0, -0.03, 0.025, 0.02, 0.005, 0.012][day] ?? 0;
    buckets[day - 1]?.push(ret + bias);
  });
  return ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((name, i) => {
    const b = buckets[i] ?? [];
    return {
      name,
      days: b.length,
      avg: mean(b),
      med: median(b),
      up: (b.filter((v) => v > 0).length / b.length) * 100,
    };
  });
}

export const charts: ChartBuilders = {
  'performance-by-weekday-1.png': () => {
    const s = weekdayStats();
    return {
      kind: 'bar',
      heading: 'S&P 500 average daily return by weekday, %, 2000–2023',
      categories: s.map((d) => d.name),
      series: [
        {
          name: 'Average return',
          values: s.map((d) => round(d.avg, 3)),
          color: COLORS.up,
          negativeColor: COLORS.down,
        },
      ],
      valueLabels: true,
      valueFormat: (v) => pct(v, 3, true),
      y: { format: pctAxis(2) },
    };
  },
  'performance-by-weekday-2.png': () => {
    const s = weekdayStats();
    const all = {
      days: s.reduce((a, d) => a + d.days, 0),
      avg: mean(s.map((d) => d.avg)),
      med: mean(s.map((d) => d.med)),
      up: mean(s.map((d) => d.up)),
    };
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.5, 0.5],
      children: [
        {
          kind: 'table',
          heading: 'Daily returns by weekday, 2000–2023',
          rowHeight: 34,
          fontSize: 14,
          columns: [
            { header: 'Weekday' },
            { header: 'Days', align: 'right' },
            { header: 'Average return', align: 'right' },
            { header: 'Median return', align: 'right' },
            { header: 'Up days', align: 'right' },
          ],
          rows: [
            ...s.map((d) => ({
              cells: [
                d.name,
                formatNumber(d.days),
                signedCell(d.avg, 3),
                signedCell(d.med, 3),
                `${d.up.toFixed(1)}%`,
              ] as Cell[],
            })),
            {
              cells: [
                'All days',
                formatNumber(all.days),
                signedCell(all.avg, 3),
                signedCell(all.med, 3),
                `${all.up.toFixed(1)}%`,
              ],
              bold: true,
              separator: true,
            },
          ],
        },
        {
          kind: 'bar',
          heading: 'Percentage of up days',
          horizontal: true,
          labelWidth: 110,
          categories: s.map((d) => d.name),
          series: [{ name: 'Up days', values: s.map((d) => round(d.up, 1)), color: '#60a5fa' }],
          valueFormat: (v) => `${v.toFixed(1)}%`,
          y: { format: pctAxis(0), min: 0, max: 60 },
          hLines: [{ value: 50, label: '50%', color: '#111827' }],
        },
      ],
    };
  },
};

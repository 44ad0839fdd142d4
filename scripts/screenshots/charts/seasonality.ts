/** Charts of the Seasonality screenshots; toolbar inputs and views are in ../specs/seasonality.json. */
import { indexAt, sp500 } from '../data';
import type { ChartBuilders } from '../render';
import { MONTHS, type Tick } from '../scale';
import { mean, median, quantile } from '../series';
import { PALETTE } from '../svg';
import { pctAxis } from './helpers';

function seasonalPaths(): { paths: number[][]; current: number[] } {
  const s = sp500();
  const paths: number[][] = [];
  for (let year = 1990; year <= 2023; year++) {
    const i0 = indexAt(s, year) - 1;
    const base = s.values[i0] ?? 1;
    paths.push(Array.from({ length: 252 }, (_, d) => ((s.values[i0 + 1 + d] ?? base) / base - 1) * 100));
  }
  const i0 = indexAt(s, 2024) - 1;
  const base = s.values[i0] ?? 1;
  const current = s.values.slice(i0 + 1).map((v) => (v / base - 1) * 100);
  return { paths, current };
}

const DAY_TICKS: Tick[] = MONTHS.map((m, i) => ({ value: Math.round((i * 252) / 12) + 1, label: m }));

export const charts: ChartBuilders = {
  'seasonality-1.png': () => {
    const { paths, current } = seasonalPaths();
    const x = Array.from({ length: 252 }, (_, i) => i + 1);
    const avg = x.map((_, d) => mean(paths.map((p) => p[d] ?? 0)));
    return {
      kind: 'line',
      heading: 'S&P 500 average cumulative % change by trading day of the year',
      x,
      xTicks: DAY_TICKS,
      xLabel: 'Trading day of the year',
      y: { format: pctAxis(0) },
      series: [
        { name: 'Average 1990–2023', values: avg, color: PALETTE[0], width: 2.5 },
        {
          name: '2024 (to date)',
          values: x.map((_, d) => current[d] ?? null),
          color: PALETTE[1],
          width: 2.5,
        },
      ],
      hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
    };
  },
  'seasonality-2.png': () => {
    const { paths } = seasonalPaths();
    const x = Array.from({ length: 252 }, (_, i) => i + 1);
    const col = (d: number) => paths.map((p) => p[d] ?? 0);
    return {
      kind: 'line',
      heading: 'S&P 500 seasonal path: average and 25th–75th percentile of years, cumulative %',
      x,
      xTicks: DAY_TICKS,
      xLabel: 'Trading day of the year',
      y: { format: pctAxis(0) },
      ranges: [
        {
          name: '25th–75th percentile',
          lower: x.map((_, d) => quantile(col(d), 0.25)),
          upper: x.map((_, d) => quantile(col(d), 0.75)),
          color: '#60a5fa',
          opacity: 0.35,
        },
      ],
      series: [
        { name: 'Average', values: x.map((_, d) => mean(col(d))), color: PALETTE[0], width: 2.5 },
        {
          name: 'Median',
          values: x.map((_, d) => median(col(d))),
          color: '#1e3a8a',
          width: 1.5,
          dash: '5 3',
        },
      ],
      hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
    };
  },
};

/** Charts of the Earnings Beats and Misses screenshots; toolbar inputs and views are in ../specs/beats-and-misses.json. */
import type { ChartBuilders } from '../render';
import { COLORS } from '../svg';
import { quarterlyResults } from './earnings';
import { pctAxis, round } from './helpers';

export const charts: ChartBuilders = {
  'beats-and-misses-1.png': (rng) => {
    const q = quarterlyResults();
    const labels = q.labels.slice(4);
    const actual = q.eps.slice(4);
    const estimate = actual.map((a) => round(a * (1 - 0.025 - rng.normal() * 0.04), 2));
    const x = labels.map((_, i) => i);
    return {
      kind: 'line',
      heading: 'ACME quarterly EPS: consensus estimate and actual, USD',
      x,
      xMin: -0.6,
      xMax: labels.length - 0.4,
      xTicks: labels.map((label, i) => ({ value: i, label: i % 2 === 0 ? label : '' })),
      y: { format: (v) => `$${v.toFixed(2)}` },
      series: [
        { name: 'Estimate (hollow)', values: estimate, style: 'hollow', color: '#6b7280' },
        { name: 'Actual', values: actual, style: 'dots', color: '#111827', legend: false },
      ],
      markers: actual.map((a, i) => {
        const e = estimate[i] ?? a;
        const beat = a >= e;
        const surprise = ((a - e) / Math.abs(e)) * 100;
        return {
          x: i,
          y: a,
          shape: 'dot' as const,
          color: beat ? COLORS.up : COLORS.down,
          label: `${beat ? 'Beat' : 'Miss'} ${surprise > 0 ? '+' : ''}${surprise.toFixed(0)}%`,
          labelBelow: !beat,
        };
      }),
      legendExtra: [
        { name: 'Actual: beat', color: COLORS.up, kind: 'dot' },
        { name: 'Actual: miss', color: COLORS.down, kind: 'dot' },
      ],
    };
  },
  'beats-and-misses-2.png': (rng) => {
    const points = Array.from({ length: 80 }, () => {
      const surprise = rng.normal() * 5 + 2.5;
      const reaction = surprise * 0.45 + rng.normal() * 3.5;
      return { x: round(surprise, 1), y: round(reaction, 1), color: surprise >= 0 ? COLORS.up : COLORS.down };
    });
    return {
      kind: 'scatter',
      heading: 'EPS surprise vs next-day price change, one point per quarterly report',
      points,
      fit: true,
      pointLabel: 'Report (green beat, red miss)',
      x: { label: 'EPS surprise, % of estimate', format: pctAxis(0) },
      y: { label: 'Next-day price change, %', format: pctAxis(0) },
    };
  },
};

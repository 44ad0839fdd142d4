/** Charts of the Treasury Rates screenshots; toolbar inputs, views and data tables are in ../specs/treasury-rates.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import type { ChartBuilders } from '../render';
import type { Tick } from '../scale';
import { timeline } from '../series';
import { PALETTE } from '../svg';
import { levels, num, pctAxis, round } from './helpers';

const data = toolData(
  'treasury-rates',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ t3m: points, t2y: points, t10y: points }),
  }),
);

function treasuryYields(): { x: number[]; m3: number[]; y2: number[]; y10: number[] } {
  const x = timeline(2000, 2024.38, 52);
  const m3 = levels('t3m', x, data.anchors.t3m, 0.3);
  const y2 = levels('t2y', x, data.anchors.t2y, 0.45);
  const y10 = levels('t10y', x, data.anchors.t10y, 0.5);
  return { x, m3, y2, y10 };
}

export const charts: ChartBuilders = {
  'treasury-rates-1.png': () => {
    const t = treasuryYields();
    const spread = t.y10.map((v, i) => v - (t.y2[i] ?? 0));
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.66, 0.34],
      children: [
        {
          kind: 'line',
          heading: 'Treasury constant-maturity yields, %',
          x: t.x,
          y: { format: pctAxis(0), min: 0 },
          series: [
            { name: '3-month', values: t.m3, width: 1.5 },
            { name: '2-year', values: t.y2, width: 1.5 },
            { name: '10-year', values: t.y10, width: 1.5 },
          ],
        },
        {
          kind: 'line',
          heading: '10-year minus 2-year spread, percentage points',
          x: t.x,
          y: { format: num(1), count: 4 },
          series: [{ name: '10Y − 2Y', values: spread, area: true, color: PALETTE[3], width: 1.5 }],
          hLines: [{ value: 0, color: '#374151', dash: '4 3', label: 'Inverted below 0' }],
        },
      ],
    };
  },
  'treasury-rates-2.png': (rng) => {
    const maturities = ['1M', '2M', '3M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '20Y', '30Y'];
    const years = [1 / 12, 2 / 12, 0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30];
    const x = years.map((y) => Math.log(y * 12));
    const then = [5.55, 5.45, 5.35, 5.25, 4.85, 4.15, 3.85, 3.6, 3.58, 3.55, 3.95, 3.85].map((v) =>
      round(v + rng.normal() * 0.03),
    );
    const now = [5.5, 5.5, 5.46, 5.38, 5.16, 4.82, 4.63, 4.45, 4.45, 4.42, 4.66, 4.55].map((v) =>
      round(v + rng.normal() * 0.03),
    );
    const ticks: Tick[] = maturities.map((label, i) => ({ value: x[i] ?? 0, label }));
    return {
      kind: 'line',
      heading: 'Yield curve, % by maturity',
      x,
      xTicks: ticks,
      xLabel: 'Maturity',
      y: { format: pctAxis(1), min: 3.4, max: 5.8 },
      series: [
        { name: '2024-05-17', values: now, width: 2.5, color: PALETTE[0] },
        { name: '2023-05-17', values: then, width: 2.5, color: PALETTE[1], dash: '7 4' },
      ],
      xMin: (x[0] ?? 0) - 0.15,
      xMax: (x[x.length - 1] ?? 0) + 0.15,
      markers: [
        ...now.map((v, i) => ({
          x: x[i] ?? 0,
          y: v,
          shape: 'dot' as const,
          color: PALETTE[0] ?? '',
          label: Math.abs(v - (then[i] ?? 0)) > 0.2 ? v.toFixed(2) : undefined,
        })),
        ...then.map((v, i) => ({
          x: x[i] ?? 0,
          y: v,
          shape: 'hollow' as const,
          color: PALETTE[1] ?? '',
          label: Math.abs(v - (now[i] ?? 0)) > 0.2 ? v.toFixed(2) : undefined,
          labelBelow: true,
        })),
      ],
    };
  },
};

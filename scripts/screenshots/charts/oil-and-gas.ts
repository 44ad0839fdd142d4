/** Charts of the Oil and Gas screenshots; toolbar inputs, views and data tables are in ../specs/oil-and-gas.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { MONTHS } from '../scale';
import { bridge, mean, timeline } from '../series';
import { PALETTE } from '../svg';
import { levels, num } from './helpers';

const data = toolData(
  'oil-and-gas',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ wti: points, brentWti: points }),
  }),
);

export const charts: ChartBuilders = {
  'oil-and-gas-1.png': () => {
    const x = timeline(2010, 2024.41, 52);
    const wti = bridge(new Rng('wti'), x, data.anchors.wti, 0.3, true);
    const spread = levels('brent-wti', x, data.anchors.brentWti, 1.5, -2);
    const brent = wti.map((v, i) => v + (spread[i] ?? 0));
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.68, 0.32],
      children: [
        {
          kind: 'line',
          heading: 'Crude oil, dollars per barrel',
          x,
          y: { format: (v) => `$${v.toFixed(0)}`, min: 0 },
          series: [
            { name: 'WTI', values: wti, width: 1.6 },
            { name: 'Brent', values: brent, width: 1.6 },
          ],
        },
        {
          kind: 'line',
          heading: 'Brent minus WTI, dollars per barrel',
          x,
          y: { format: (v) => `$${v.toFixed(0)}`, count: 4 },
          series: [{ name: 'Brent − WTI', values: spread, color: PALETTE[4], width: 1.5, area: true }],
        },
      ],
    };
  },
  'oil-and-gas-2.png': (rng) => {
    const weeks = Array.from({ length: 52 }, (_, i) => i + 1);
    const seasonal = (w: number) =>
      430 + 18 * Math.sin(((w - 8) / 52) * 2 * Math.PI) - 4 * Math.cos(((w - 8) / 26) * 2 * Math.PI);
    const years = Array.from({ length: 5 }, (_, y) =>
      weeks.map(
        (w) => seasonal(w) + (y - 2) * 14 + rng.normal() * 6 + (y === 1 && w > 14 && w < 30 ? 50 : 0),
      ),
    );
    const lo = weeks.map((_, i) => Math.min(...years.map((y) => y[i] ?? 0)));
    const hi = weeks.map((_, i) => Math.max(...years.map((y) => y[i] ?? 0)));
    const avg = weeks.map((_, i) => mean(years.map((y) => y[i] ?? 0)));
    const current = weeks.map((w, i) => (w <= 21 ? (avg[i] ?? 0) - 8 + rng.normal() * 3 : null));
    const monthStarts = MONTHS.map((m, i) => ({ value: 1 + (i * 52) / 12, label: m }));
    return {
      kind: 'line',
      heading: 'US commercial crude oil inventories, millions of barrels, weekly',
      x: weeks,
      xTicks: monthStarts,
      y: { format: num(0), label: 'Million barrels' },
      ranges: [{ name: '2019–2023 range', lower: lo, upper: hi, color: '#94a3b8', opacity: 0.35 }],
      series: [
        { name: '5-year average', values: avg, color: '#475569', dash: '6 4', width: 1.8 },
        { name: '2024', values: current, color: PALETTE[1], width: 3 },
      ],
    };
  },
};

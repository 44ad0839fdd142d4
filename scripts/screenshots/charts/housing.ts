/** Charts of the Housing screenshots; toolbar inputs, views and data tables are in ../specs/housing.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { bridge } from '../series';
import { PALETTE } from '../svg';
import { levels, monthlyX, num, pctAxis } from './helpers';

const data = toolData(
  'housing',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ starts: points, homeSales: points, mortgage: points }),
  }),
);

export const charts: ChartBuilders = {
  'housing-1.png': () => {
    const x = monthlyX(2000, 2024.25);
    const anchors: [number, number][] = data.anchors.starts;
    const starts = bridge(new Rng('starts'), x, anchors, 0.25, true);
    const permits = bridge(
      new Rng('permits'),
      x,
      anchors.map(([t, v]) => [t - 0.08, v * 1.03] as [number, number]),
      0.12,
      true,
    );
    return {
      kind: 'line',
      heading: 'Housing starts and building permits, thousands of units, seasonally adjusted annual rate',
      x,
      y: { format: num(0), min: 0 },
      series: [
        { name: 'Housing starts', values: starts, width: 1.6 },
        { name: 'Building permits', values: permits, width: 1.8 },
      ],
    };
  },
  'housing-2.png': () => {
    const x = monthlyX(2015, 2024.25);
    const sales = bridge(new Rng('home-sales'), x, data.anchors.homeSales, 0.12, true);
    const rate = levels('mortgage', x, data.anchors.mortgage, 0.25);
    return {
      kind: 'line',
      heading: 'Existing home sales (millions, annual rate) and 30-year fixed mortgage rate (right)',
      x,
      y: { format: num(1), label: 'Millions, annual rate', min: 3 },
      y2: { format: pctAxis(0), label: 'Mortgage rate', min: 2 },
      series: [
        { name: 'Existing home sales', values: sales, width: 2.2, color: PALETTE[0] },
        { name: '30-yr mortgage rate (right)', values: rate, width: 2.2, axis: 'right', color: PALETTE[1] },
      ],
    };
  },
};

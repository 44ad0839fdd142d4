/** Charts of the M2 Money Supply screenshots; toolbar inputs, views and data tables are in ../specs/m2-money-supply.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import { sp500, valueAt } from '../data';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { bridge } from '../series';
import { PALETTE } from '../svg';
import { SP, change, monthlyX, num, pctAxis } from './helpers';

const data = toolData(
  'm2-money-supply',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ m2: points }),
  }),
);

function m2(): { x: number[]; values: number[] } {
  const x = monthlyX(1989, 2024.25);
  const values = bridge(new Rng('m2'), x, data.anchors.m2, 0.01, true);
  return { x, values };
}

export const charts: ChartBuilders = {
  'm2-money-supply-1.png': () => {
    const money = m2();
    const start = money.x.findIndex((t) => t >= 2000 - 1e-9);
    const x = money.x.slice(start);
    const spx = x.map((t) => valueAt(sp500(), t));
    return {
      kind: 'line',
      heading: 'M2 money supply, trillions of dollars, and the S&P 500 (log scale, right)',
      x,
      y: { format: (v) => `$${v.toFixed(0)}T`, label: 'M2, $ trillions', min: 0 },
      y2: { log: true, format: num(0), label: `${SP} (log)` },
      series: [
        { name: 'M2', values: money.values.slice(start), width: 2.5, color: PALETTE[2] },
        { name: `${SP} (right)`, values: spx, width: 1.5, axis: 'right', color: '#334155' },
      ],
    };
  },
  'm2-money-supply-2.png': () => {
    const money = m2();
    const yoy = change(money.values, 12);
    const start = money.x.findIndex((t) => t >= 1990 - 1e-9);
    const x = money.x.slice(start);
    const spxMonthly = money.x.map((t) => valueAt(sp500(), t));
    const spxYoy = change(spxMonthly, 12).slice(start);
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.5, 0.5],
      children: [
        {
          kind: 'line',
          heading: 'M2, % change from a year earlier',
          x,
          y: { format: pctAxis(0), count: 5 },
          series: [{ name: 'M2 y/y', values: yoy.slice(start), area: true, color: PALETTE[2], width: 1.8 }],
          hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
        },
        {
          kind: 'line',
          heading: `${SP}, % change from a year earlier`,
          x,
          y: { format: pctAxis(0), count: 5 },
          series: [{ name: `${SP} y/y`, values: spxYoy, color: '#334155', width: 1.6 }],
          hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
        },
      ],
    };
  },
};

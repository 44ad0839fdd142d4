/** Charts of the Retail Sales screenshots; toolbar inputs, views and data tables are in ../specs/retail-sales.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { bridge } from '../series';
import { COLORS } from '../svg';
import { change, monthlyX, pctAxis, round } from './helpers';

const data = toolData(
  'retail-sales',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ retail: points }),
  }),
);

function retailSales(): { x: number[]; total: number[]; control: number[] } {
  const x = monthlyX(2010, 2024.25);
  const anchors: [number, number][] = data.anchors.retail;
  const total = bridge(new Rng('retail'), x, anchors, 0.03, true);
  const control = bridge(
    new Rng('retail-control'),
    x,
    anchors.map(([t, v]) => [t, v * 0.72 + (t > 2020.2 && t < 2020.4 ? 25 : 0)] as [number, number]),
    0.02,
    true,
  );
  return { x, total, control };
}

export const charts: ChartBuilders = {
  'retail-sales-1.png': () => {
    const r = retailSales();
    return {
      kind: 'line',
      heading: 'US retail sales, billions of dollars per month',
      x: r.x,
      y: { format: (v) => `$${v.toFixed(0)}B` },
      series: [
        { name: 'Retail and food services', values: r.total, width: 2 },
        { name: 'Control group', values: r.control, width: 2 },
      ],
    };
  },
  'retail-sales-2.png': () => {
    const r = retailSales();
    const yoy = change(r.total, 12);
    const start = r.x.findIndex((t) => t >= 2019 - 1e-9);
    const values = yoy.slice(start).map((v) => round(v ?? 0, 1));
    const categories = r.x
      .slice(start)
      .map((t) => (Math.round((t % 1) * 12) === 0 ? String(Math.round(t)) : ''));
    return {
      kind: 'bar',
      heading: 'Retail sales, % change from a year earlier',
      categories,
      series: [{ name: 'y/y %', values, color: COLORS.up, negativeColor: COLORS.down }],
      y: { format: pctAxis(0) },
    };
  },
};

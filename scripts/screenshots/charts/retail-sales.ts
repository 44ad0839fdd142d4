/** Charts of the Retail Sales screenshots; the toolbar inputs and views are in ../specs/retail-sales.json. */
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { bridge } from '../series';
import { COLORS } from '../svg';
import { change, monthlyX, pctAxis, round } from './helpers';

function retailSales(): { x: number[]; total: number[]; control: number[] } {
  const x = monthlyX(2010, 2024.25);
  const anchors: [number, number][] = [
    [2010, 355],
    [2015, 440],
    [2019.9, 530],
    [2020.15, 520],
    [2020.3, 415],
    [2020.5, 535],
    [2021.25, 620],
    [2022.5, 685],
    [2024.25, 705],
  ];
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

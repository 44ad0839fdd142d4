/** Charts of the Inflation screenshots; toolbar inputs, views and data tables are in ../specs/inflation.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import type { ChartBuilders } from '../render';
import { MONTHS } from '../scale';
import { levels, monthlyX, pctAxis, round } from './helpers';

const data = toolData(
  'inflation',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ cpi: points, coreCpi: points }),
  }),
);

export const charts: ChartBuilders = {
  'inflation-1.png': () => {
    const x = monthlyX(2000, 2024.25);
    const cpi = levels('cpi', x, data.anchors.cpi, 0.5, -3);
    const core = levels('core-cpi', x, data.anchors.coreCpi, 0.25, -1);
    const pce = cpi.map((v, i) => v * 0.82 + 0.15 + Math.sin(i / 7) * 0.08);
    const corePce = core.map((v, i) => v * 0.85 + 0.05 + Math.cos(i / 9) * 0.05);
    return {
      kind: 'line',
      heading: 'Inflation, % change from a year earlier',
      x,
      y: { format: pctAxis(0) },
      series: [
        { name: 'CPI', values: cpi, width: 1.8 },
        { name: 'Core CPI', values: core, width: 1.8 },
        { name: 'PCE', values: pce, width: 1.8 },
        { name: 'Core PCE', values: corePce, width: 1.8 },
      ],
      hLines: [
        { value: 2, label: '2% target', color: '#111827', dash: '6 4' },
        { value: 0, color: '#6b7280', dash: '2 0' },
      ],
    };
  },
  'inflation-2.png': (rng) => {
    const months: string[] = [];
    const values: number[] = [];
    for (let i = 0; i < 36; i++) {
      const m = 4 + i;
      const year = 2021 + Math.floor(m / 12);
      months.push(`${MONTHS[m % 12] ?? ''} ${String(year).slice(2)}`);
      const base = i < 14 ? 0.55 - i * 0.01 : 0.42 - (i - 14) * 0.006;
      values.push(round(Math.max(0.1, base + rng.normal() * 0.09), 1));
    }
    const rows = months
      .map((m, i) => ({
        m,
        v: values[i] ?? 0,
        yoy: values.slice(Math.max(0, i - 11), i + 1).reduce((a, b) => a + b, 0),
      }))
      .slice(-20)
      .reverse();
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.66, 0.34],
      children: [
        {
          kind: 'bar',
          heading: 'Core CPI, % change from previous month',
          categories: months,
          labelEvery: 3,
          series: [{ name: 'Core CPI m/m', values, color: '#0891b2' }],
          y: { format: pctAxis(1), min: 0 },
          valueLabels: false,
        },
        {
          kind: 'table',
          heading: 'Data',
          fontSize: 12,
          rowHeight: 25,
          columns: [
            { header: 'Month', width: 1.1 },
            { header: 'm/m %', align: 'right' },
            { header: '12-mo sum', align: 'right' },
          ],
          rows: rows.map((r) => ({ cells: [r.m, r.v.toFixed(1), r.yoy.toFixed(1)] })),
          status: '36 rows · Export CSV',
        },
      ],
    };
  },
};

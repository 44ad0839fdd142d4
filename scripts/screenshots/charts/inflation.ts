/** Charts of the Inflation screenshots; the toolbar inputs and views are in ../specs/inflation.json. */
import type { ChartBuilders } from '../render';
import { MONTHS } from '../scale';
import { levels, monthlyX, pctAxis, round } from './helpers';

export const charts: ChartBuilders = {
  'inflation-1.png': () => {
    const x = monthlyX(2000, 2024.25);
    const cpi = levels(
      'cpi',
      x,
      [
        [2000, 2.7],
        [2000.5, 3.7],
        [2002, 1.2],
        [2003, 2.6],
        [2005.7, 4.7],
        [2006.9, 2.0],
        [2008.5, 5.5],
        [2009.5, -2.0],
        [2010, 2.6],
        [2010.9, 1.1],
        [2011.7, 3.9],
        [2013, 1.6],
        [2015, 0.0],
        [2016.9, 2.1],
        [2018.5, 2.9],
        [2019.5, 1.7],
        [2020.35, 0.2],
        [2021.5, 5.3],
        [2022.45, 9.0],
        [2023.45, 3.1],
        [2024.25, 3.4],
      ],
      0.5,
      -3,
    );
    const core = levels(
      'core-cpi',
      x,
      [
        [2000, 2.0],
        [2002, 2.6],
        [2003.9, 1.1],
        [2006.8, 2.9],
        [2008.7, 2.5],
        [2010.8, 0.6],
        [2012.3, 2.3],
        [2015, 1.7],
        [2016.5, 2.3],
        [2018.5, 2.3],
        [2020.4, 1.2],
        [2021.5, 4.5],
        [2022.7, 6.6],
        [2024.25, 3.6],
      ],
      0.25,
      -1,
    );
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

/** Charts of the Symbol Comparison screenshots; toolbar inputs, views and data tables are in ../specs/symbol-comparison.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import { acme, sp500, valueAt } from '../data';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { bridge, drawdown, mean, rebase, timeline } from '../series';
import { COLORS, PALETTE } from '../svg';
import { num, pctAxis, round, signedCell } from './helpers';

const data = toolData(
  'symbol-comparison',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ cmpGld: points, cmpTlt: points }),
  }),
);

function comparisonSeries(): { x: number[]; list: { name: string; values: number[] }[] } {
  const x = timeline(2019.41, 2024.41, 52);
  return {
    x,
    list: [
      { name: 'SPY', values: x.map((t) => valueAt(sp500(), t)) },
      { name: 'ACME', values: x.map((t) => valueAt(acme(), t)) },
      {
        name: 'GLD',
        values: bridge(new Rng('cmp-gld'), x, data.anchors.cmpGld, 0.14, true),
      },
      {
        name: 'TLT',
        values: bridge(new Rng('cmp-tlt'), x, data.anchors.cmpTlt, 0.12, true),
      },
    ],
  };
}

export const charts: ChartBuilders = {
  'symbol-comparison-1.png': () => {
    const c = comparisonSeries();
    return {
      kind: 'line',
      heading: 'Growth of 100 since 2019-05-31',
      x: c.x,
      y: { format: num(0) },
      series: c.list.map((s) => ({ name: s.name, values: rebase(s.values, 100), width: 2 })),
      hLines: [{ value: 100, color: '#374151', dash: '4 3' }],
    };
  },
  'symbol-comparison-2.png': () => {
    const c = comparisonSeries();
    const stats = c.list.map((s) => {
      const first = s.values[0] ?? 1;
      const last = s.values[s.values.length - 1] ?? 1;
      const rets = s.values.slice(1).map((v, i) => Math.log(v / (s.values[i] ?? v)));
      const m = mean(rets);
      const vol = Math.sqrt(mean(rets.map((r) => (r - m) ** 2)) * 52) * 100;
      return {
        name: s.name,
        total: (last / first - 1) * 100,
        annual: (Math.pow(last / first, 1 / 5) - 1) * 100,
        vol,
        mdd: Math.min(...drawdown(s.values)),
      };
    });
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.42, 0.58],
      children: [
        {
          kind: 'table',
          heading: 'Return and risk, 5 years',
          rowHeight: 34,
          fontSize: 14,
          columns: [
            { header: 'Symbol' },
            { header: 'Total return', align: 'right' },
            { header: 'Annualized return', align: 'right' },
            { header: 'Annualized volatility', align: 'right' },
            { header: 'Maximum drawdown', align: 'right' },
          ],
          rows: stats.map((s) => ({
            cells: [
              { text: s.name, bold: true },
              signedCell(s.total, 1),
              signedCell(s.annual, 1),
              `${s.vol.toFixed(1)}%`,
              { text: pct(s.mdd, 1), color: COLORS.down },
            ],
          })),
        },
        {
          kind: 'bar',
          heading: 'Annualized return and volatility, %',
          categories: stats.map((s) => s.name),
          series: [
            { name: 'Annualized return', values: stats.map((s) => round(s.annual, 1)), color: PALETTE[0] },
            { name: 'Annualized volatility', values: stats.map((s) => round(s.vol, 1)), color: '#94a3b8' },
          ],
          valueLabels: true,
          valueFormat: (v) => v.toFixed(1),
          y: { format: pctAxis(0) },
        },
      ],
    };
  },
};

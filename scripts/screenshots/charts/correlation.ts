/** Charts of the Correlation screenshots; toolbar inputs, views and data tables are in ../specs/correlation.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import type { ChartBuilders } from '../render';
import { timeline } from '../series';
import { COLORS, PALETTE } from '../svg';
import { levels, num, round } from './helpers';

const data = toolData(
  'correlation',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ spyTltCorr: points }),
  }),
);

export const charts: ChartBuilders = {
  'correlation-1.png': (rng) => {
    const symbols = ['SPY', 'QQQ', 'TLT', 'GLD', 'USO'];
    const base: Record<string, number> = {
      'SPY-QQQ': 0.93,
      'SPY-TLT': 0.05,
      'SPY-GLD': 0.14,
      'SPY-USO': 0.32,
      'QQQ-TLT': 0.12,
      'QQQ-GLD': 0.13,
      'QQQ-USO': 0.2,
      'TLT-GLD': 0.34,
      'TLT-USO': -0.21,
      'GLD-USO': 0.18,
    };
    const corr = (a: string, b: string) =>
      a === b ? 1 : round((base[`${a}-${b}`] ?? base[`${b}-${a}`] ?? 0) + 0, 2);
    Object.keys(base).forEach((k) => (base[k] = (base[k] ?? 0) + rng.normal() * 0.02));
    const pairs = symbols
      .flatMap((a, i) => symbols.slice(i + 1).map((b) => ({ a, b, c: corr(a, b) })))
      .sort((p, q) => q.c - p.c);
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.62, 0.38],
      children: [
        {
          kind: 'heatmap',
          heading: 'Correlation of daily returns, last 3 years',
          labelColumns: [{ header: '', width: 0.8 }],
          valueColumns: symbols,
          rows: symbols.map((a) => ({ labels: [a], values: symbols.map((b) => corr(a, b)), bold: false })),
          saturation: 1,
          palette: 'correlation',
          format: (v) => v.toFixed(2),
          rowHeight: 92,
          fontSize: 16,
        },
        {
          kind: 'table',
          heading: 'Pairs by correlation',
          columns: [
            { header: 'Pair', width: 1.3 },
            { header: 'Correlation', align: 'right' },
          ],
          rows: pairs.map((p) => ({
            cells: [`${p.a} / ${p.b}`, { text: p.c.toFixed(2), color: p.c < 0 ? COLORS.down : COLORS.text }],
          })),
          status: 'Scale: −1 (red) to +1 (blue)',
        },
      ],
    };
  },
  'correlation-2.png': () => {
    const x = timeline(2005, 2024.41, 52);
    const c = levels('spy-tlt-corr', x, data.anchors.spyTltCorr, 0.45, -0.95).map((v) => Math.min(0.9, v));
    return {
      kind: 'line',
      heading: '60-day rolling correlation of daily returns: S&P 500 (SPY) vs long-term Treasuries (TLT)',
      x,
      y: { min: -1, max: 1, format: num(1) },
      series: [{ name: '60-day correlation', values: c, color: PALETTE[3], width: 1.6, area: true }],
      hLines: [{ value: 0, color: '#111827', dash: '4 3' }],
    };
  },
};

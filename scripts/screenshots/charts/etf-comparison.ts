/** Charts of the ETF Comparison screenshots; toolbar inputs, views and data tables are in ../specs/etf-comparison.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { bridge, rebase, timeline } from '../series';
import { PALETTE } from '../svg';
import { pctAxis, signedCell } from './helpers';

const data = toolData(
  'etf-comparison',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ etfSpy: points, etfQqq: points, etfIwm: points }),
  }),
);

function etfPaths(): { x: number[]; series: Record<string, number[]> } {
  const x = timeline(2019, 2024.41, 52);
  const mk = (seed: string, anchors: [number, number][], vol: number) =>
    bridge(new Rng(seed), x, anchors, vol, true);
  return {
    x,
    series: {
      SPY: mk('etf-spy', data.anchors.etfSpy, 0.12),
      QQQ: mk('etf-qqq', data.anchors.etfQqq, 0.16),
      IWM: mk('etf-iwm', data.anchors.etfIwm, 0.18),
    },
  };
}

export const charts: ChartBuilders = {
  'etf-comparison-1.png': () => {
    const p = etfPaths();
    return {
      kind: 'line',
      heading: 'Cumulative return since 2019-01-02, %',
      x: p.x,
      y: { format: pctAxis(0) },
      series: Object.entries(p.series).map(([name, v]) => ({
        name,
        values: rebase(v, 100).map((z) => z - 100),
        width: 2,
      })),
      hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
    };
  },
  'etf-comparison-2.png': () => {
    const overlap = [
      ['MSFT', 7.1, 8.6],
      ['AAPL', 6.2, 8.4],
      ['NVDA', 5.9, 6.3],
      ['AMZN', 3.8, 5.2],
      ['META', 2.4, 4.8],
      ['GOOGL', 2.2, 2.6],
      ['AVGO', 1.3, 4.6],
      ['TSLA', 1.1, 2.5],
      ['COST', 0.8, 2.5],
    ] as const;
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.36, 0.64],
      children: [
        {
          kind: 'table',
          heading: 'Side by side',
          rowHeight: 32,
          fontSize: 14,
          columns: [
            { header: 'ETF', width: 0.6 },
            { header: 'Name', width: 2 },
            { header: 'Expense ratio', align: 'right' },
            { header: 'Holdings', align: 'right' },
            { header: 'Overlap', align: 'right' },
            { header: '1 year', align: 'right' },
            { header: '3 years', align: 'right' },
            { header: '5 years', align: 'right' },
          ],
          rows: [
            {
              cells: [
                { text: 'SPY', bold: true },
                'S&P 500 ETF',
                '0.09%',
                '503',
                '43% of SPY',
                signedCell(26.1, 1),
                signedCell(31.4, 1),
                signedCell(96.7, 1),
              ],
            },
            {
              cells: [
                { text: 'QQQ', bold: true },
                'Nasdaq-100 ETF',
                '0.20%',
                '101',
                '89% of QQQ',
                signedCell(30.2, 1),
                signedCell(33.8, 1),
                signedCell(152.3, 1),
              ],
            },
          ],
        },
        {
          kind: 'bar',
          heading: 'Largest overlapping holdings, % weight in each ETF',
          categories: overlap.map((o) => o[0]),
          series: [
            { name: 'Weight in SPY', values: overlap.map((o) => o[1]), color: PALETTE[0] },
            { name: 'Weight in QQQ', values: overlap.map((o) => o[2]), color: PALETTE[1] },
          ],
          valueLabels: true,
          valueFormat: (v) => v.toFixed(1),
          y: { format: pctAxis(0) },
        },
      ],
    };
  },
};

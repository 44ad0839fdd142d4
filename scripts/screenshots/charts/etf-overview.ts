/** Charts of the ETF Overview screenshots; toolbar inputs, views and data tables are in ../specs/etf-overview.json. */
import { z } from 'zod';
import { toolData } from '../spec-files';
import type { ChartBuilders } from '../render';
import { pctAxis } from './helpers';

const data = toolData(
  'etf-overview',
  z.strictObject({
    /** [sector, weight %]. */
    sectorWeights: z.array(z.tuple([z.string(), z.number()])),
    /** [symbol, name, weight %]. */
    topHoldings: z.array(z.tuple([z.string(), z.string(), z.number()])),
  }),
);

const SECTOR_WEIGHTS = data.sectorWeights;

const TOP_HOLDINGS = data.topHoldings;

export const charts: ChartBuilders = {
  'etf-overview-1.png': () => ({
    kind: 'bar',
    heading: 'Sector weights, % of fund assets',
    horizontal: true,
    labelWidth: 190,
    categories: SECTOR_WEIGHTS.map(([s]) => s),
    series: [{ name: 'Weight', values: SECTOR_WEIGHTS.map(([, w]) => w), color: '#3b82f6' }],
    valueFormat: (v) => `${v.toFixed(1)}%`,
    y: { format: pctAxis(0) },
  }),
  'etf-overview-2.png': () => ({
    kind: 'table',
    heading: 'Largest holdings',
    columns: [
      { header: '#', width: 0.4, align: 'right' },
      { header: 'Symbol', width: 0.8 },
      { header: 'Company name', width: 2.6 },
      { header: 'Weight', align: 'right' },
      { header: '', width: 1.6 },
    ],
    rows: TOP_HOLDINGS.map(([sym, name, w], i) => ({
      cells: [
        String(i + 1),
        { text: sym, bold: true },
        name,
        `${w.toFixed(2)}%`,
        { text: '█'.repeat(Math.max(1, Math.round(w * 2.5))), color: '#93c5fd' },
      ],
    })),
    status: 'Top 18 of 503 holdings · 45.3% of assets',
  }),
};

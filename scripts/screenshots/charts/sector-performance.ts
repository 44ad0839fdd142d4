/** Charts of the Sector Performance screenshots; toolbar inputs and views are in ../specs/sector-performance.json. */
import { SECTORS } from '../data';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { COLORS } from '../svg';
import { pctAxis, round } from './helpers';

function sectorReturns(): { sym: string; name: string; r: number[] }[] {
  const rng = new Rng('sector-returns');
  return SECTORS.map(([sym, name]) => {
    const ytd = rng.normal() * 8 + 8;
    return {
      sym,
      name,
      r: [
        rng.normal() * 0.8,
        rng.normal() * 1.8,
        rng.normal() * 3.5 + 0.5,
        ytd * 0.5 + rng.normal() * 3,
        ytd,
        ytd * 1.3 + rng.normal() * 6 + 5,
      ].map((v) => round(v, 1)),
    };
  });
}

export const charts: ChartBuilders = {
  'sector-performance-1.png': () => {
    const rows = sectorReturns().sort((a, b) => (b.r[4] ?? 0) - (a.r[4] ?? 0));
    return {
      kind: 'bar',
      heading: 'Year-to-date return, % (sorted best to worst)',
      horizontal: true,
      labelWidth: 240,
      categories: rows.map((r) => `${r.sym}  ${r.name}`),
      series: [
        {
          name: 'YTD return',
          values: rows.map((r) => r.r[4] ?? 0),
          color: COLORS.up,
          negativeColor: COLORS.down,
        },
      ],
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
      hLines: [{ value: 10.6, label: 'S&P 500 +10.6%', color: '#1e3a8a' }],
    };
  },
  'sector-performance-2.png': () => ({
    kind: 'heatmap',
    heading: 'Sector ETF returns, %',
    labelColumns: [
      { header: 'Symbol', width: 0.7 },
      { header: 'Sector', width: 2 },
    ],
    valueColumns: ['1 day', '1 week', '1 month', '3 months', 'YTD', '1 year'],
    rows: [
      ...sectorReturns().map((r) => ({ labels: [r.sym, r.name], values: r.r })),
      { labels: ['SPY', 'S&P 500'], values: [0.3, 0.9, 2.1, 4.4, 10.6, 26.1], bold: true, separator: true },
    ],
    saturation: 10,
    columnSaturation: [1.5, 3, 6, 10, 20, 30],
    format: (v) => pct(v, 1, true),
    rowHeight: 38,
    fontSize: 14,
  }),
};

/** Charts of the ETF Overview screenshots; the toolbar inputs and views are in ../specs/etf-overview.json. */
import type { ChartBuilders } from '../render';
import { pctAxis } from './helpers';

const SECTOR_WEIGHTS: [string, number][] = [
  ['Information Technology', 31.2],
  ['Financials', 12.6],
  ['Health Care', 11.8],
  ['Consumer Discretionary', 10.1],
  ['Communication Services', 9.2],
  ['Industrials', 8.5],
  ['Consumer Staples', 5.8],
  ['Energy', 3.7],
  ['Utilities', 2.4],
  ['Materials', 2.3],
  ['Real Estate', 2.2],
];

const TOP_HOLDINGS: [string, string, number][] = [
  ['MSFT', 'Microsoft Corp.', 7.1],
  ['AAPL', 'Apple Inc.', 6.2],
  ['NVDA', 'NVIDIA Corp.', 5.9],
  ['AMZN', 'Amazon.com Inc.', 3.8],
  ['META', 'Meta Platforms Inc. Class A', 2.4],
  ['GOOGL', 'Alphabet Inc. Class A', 2.2],
  ['GOOG', 'Alphabet Inc. Class C', 1.9],
  ['BRK.B', 'Berkshire Hathaway Inc. Class B', 1.7],
  ['LLY', 'Eli Lilly and Co.', 1.4],
  ['AVGO', 'Broadcom Inc.', 1.3],
  ['JPM', 'JPMorgan Chase & Co.', 1.3],
  ['TSLA', 'Tesla Inc.', 1.1],
  ['XOM', 'Exxon Mobil Corp.', 1.0],
  ['UNH', 'UnitedHealth Group Inc.', 0.9],
  ['V', 'Visa Inc. Class A', 0.9],
  ['PG', 'Procter & Gamble Co.', 0.8],
  ['MA', 'Mastercard Inc. Class A', 0.8],
  ['COST', 'Costco Wholesale Corp.', 0.8],
];

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

/** Charts of the S&P 500 Browser screenshots; toolbar inputs and views are in ../specs/sp500-browser.json. */
import type { ChartBuilders } from '../render';
import { formatNumber } from '../scale';
import type { Cell } from '../table';
import { signedCell } from './helpers';

export const charts: ChartBuilders = {
  'sp500-browser-1.png': (rng) => {
    const groups: [string, [string, string, number][]][] = [
      [
        'Information Technology (67)',
        [
          ['MSFT', 'Microsoft Corp.', 3120],
          ['AAPL', 'Apple Inc.', 2950],
          ['NVDA', 'NVIDIA Corp.', 2700],
          ['AVGO', 'Broadcom Inc.', 620],
        ],
      ],
      [
        'Financials (71)',
        [
          ['BRK.B', 'Berkshire Hathaway Inc.', 890],
          ['JPM', 'JPMorgan Chase & Co.', 570],
          ['V', 'Visa Inc.', 545],
          ['MA', 'Mastercard Inc.', 420],
        ],
      ],
      [
        'Health Care (62)',
        [
          ['LLY', 'Eli Lilly and Co.', 740],
          ['UNH', 'UnitedHealth Group Inc.', 455],
          ['JNJ', 'Johnson & Johnson', 352],
          ['MRK', 'Merck & Co. Inc.', 330],
        ],
      ],
      [
        'Consumer Discretionary (52)',
        [
          ['AMZN', 'Amazon.com Inc.', 1880],
          ['TSLA', 'Tesla Inc.', 570],
          ['HD', 'Home Depot Inc.', 330],
        ],
      ],
    ];
    const rows = groups.flatMap(([group, list]) => [
      { group, cells: [] as Cell[] },
      ...list.map(([sym, name, cap]) => ({
        cells: [
          { text: sym, bold: true },
          name,
          `$${formatNumber(cap * (1 + rng.normal() * 0.02), 0)}B`,
          signedCell(rng.normal() * 12 + 8, 1),
          signedCell(rng.normal() * 20 + 18, 1),
        ] as Cell[],
      })),
    ]);
    return {
      kind: 'table',
      heading: 'S&P 500 constituents by sector',
      rowHeight: 25,
      columns: [
        { header: 'Symbol', width: 0.8 },
        { header: 'Name', width: 2.4 },
        { header: 'Market cap', align: 'right' },
        { header: 'YTD return', align: 'right' },
        { header: '1-year return', align: 'right' },
      ],
      rows,
      status: '503 constituents in 11 sectors · click a row to open the symbol',
    };
  },
};

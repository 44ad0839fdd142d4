/** Charts of the Company Overview screenshots; toolbar inputs and views are in ../specs/company-overview.json. */
import type { ChartBuilders } from '../render';
import { PALETTE } from '../svg';
import { SP, num } from './helpers';

export const charts: ChartBuilders = {
  'company-overview-1.png': () => ({
    kind: 'split',
    direction: 'row',
    sizes: [0.62, 0.38],
    children: [
      {
        kind: 'profile',
        name: 'Acme Corporation',
        subtitle: 'ACME · NYSE · USD',
        fields: [
          ['Sector', 'Industrials'],
          ['Industry', 'Electrical Equipment'],
          ['Headquarters', 'Springfield, Illinois, USA'],
          ['Employees', '48,200'],
          ['Founded', '1949'],
          ['Fiscal year end', 'December'],
        ],
        description:
          'Acme Corporation designs and manufactures electrical components, automation systems and power management equipment for industrial, commercial and utility customers. The company operates three segments: Power Systems, Automation and Services, and sells through direct sales teams and distributors in more than 60 countries. (Fictional company used for illustration.)',
      },
      {
        kind: 'table',
        heading: 'Key statistics',
        rowHeight: 34,
        columns: [
          { header: 'Measure', width: 1.4 },
          { header: 'Value', align: 'right' },
        ],
        rows: [
          ['Market cap', '$207.8B'],
          ['Last price', '$176.12'],
          ['52-week range', '$118.40 – $181.95'],
          ['Beta (5y)', '1.12'],
          ['Dividend yield', '1.4%'],
          ['Shares outstanding', '1.18B'],
          ['Average volume (3m)', '4.6M'],
          ['Next earnings', 'Jul 24, 2024'],
        ].map(([a, b]) => ({ cells: [a ?? '', b ?? ''] })),
      },
    ],
  }),
  'company-overview-2.png': () => {
    const rows: [string, number, number, number][] = [
      ['P/E (trailing 12 months)', 31.4, 24.8, 25.9],
      ['P/E (forward)', 27.2, 21.5, 21.3],
      ['PEG (5-year growth)', 2.1, 1.9, 1.8],
      ['Price / sales', 4.6, 2.8, 2.8],
      ['Price / book', 7.9, 4.2, 4.7],
      ['EV / EBITDA', 19.8, 15.1, 15.6],
      ['EV / sales', 4.9, 3.0, 3.1],
      ['Price / free cash flow', 29.5, 23.0, 24.4],
    ];
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.56, 0.44],
      children: [
        {
          kind: 'table',
          heading: 'Valuation ratios',
          rowHeight: 36,
          fontSize: 14,
          columns: [
            { header: 'Ratio', width: 2 },
            { header: 'ACME', align: 'right' },
            { header: 'Industry', align: 'right' },
            { header: SP, align: 'right' },
          ],
          rows: rows.map(([name, a, b, c]) => ({
            cells: [name, { text: a.toFixed(1), bold: true }, b.toFixed(1), c.toFixed(1)],
          })),
        },
        {
          kind: 'bar',
          heading: 'ACME vs industry median',
          categories: ['P/E', 'Fwd P/E', 'P/S', 'P/B', 'EV/EBITDA'],
          series: [
            { name: 'ACME', values: [31.4, 27.2, 4.6, 7.9, 19.8], color: PALETTE[0] },
            { name: 'Industry', values: [24.8, 21.5, 2.8, 4.2, 15.1], color: '#94a3b8' },
          ],
          y: { format: num(0) },
        },
      ],
    };
  },
};

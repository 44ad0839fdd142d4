/** Charts of the Upcoming Earnings screenshots; the toolbar inputs and views are in ../specs/upcoming-earnings.json. */
import type { ChartBuilders } from '../render';
import { fmtDate } from './helpers';

const UPCOMING: [string, string, string, string, number, number, number][] = [
  ['VZ', 'Verizon Communications', '2024-07-22', 'Before open', 1.15, 33.1, 1.21],
  ['CLF', 'Cleveland-Cliffs', '2024-07-22', 'After close', 0.11, 5.3, 0.69],
  ['GOOGL', 'Alphabet Inc.', '2024-07-23', 'After close', 1.84, 84.2, 1.44],
  ['TSLA', 'Tesla Inc.', '2024-07-23', 'After close', 0.62, 24.6, 0.91],
  ['KO', 'Coca-Cola Co.', '2024-07-23', 'Before open', 0.81, 11.8, 0.78],
  ['GM', 'General Motors', '2024-07-23', 'Before open', 2.7, 44.3, 1.91],
  ['IBM', 'IBM Corp.', '2024-07-24', 'After close', 2.2, 15.6, 2.18],
  ['T', 'AT&T Inc.', '2024-07-24', 'Before open', 0.57, 30.6, 0.63],
  ['ACME', 'Acme Corp.', '2024-07-24', 'Before open', 1.62, 6.4, 1.41],
  ['NOW', 'ServiceNow', '2024-07-24', 'After close', 3.14, 2.6, 2.37],
  ['HON', 'Honeywell', '2024-07-25', 'Before open', 2.43, 9.4, 2.23],
  ['DOW', 'Dow Inc.', '2024-07-25', 'Before open', 0.76, 11.1, 0.75],
  ['AMZN', 'Amazon.com Inc.', '2024-07-25', 'After close', 1.03, 148.6, 0.65],
  ['MMM', '3M Co.', '2024-07-26', 'Before open', 1.68, 7.9, 2.17],
  ['CL', 'Colgate-Palmolive', '2024-07-26', 'Before open', 0.86, 5.1, 0.8],
  ['NXPI', 'NXP Semiconductors', '2024-07-22', 'After close', 3.2, 3.1, 3.43],
  ['MEDP', 'Medpace Holdings', '2024-07-22', 'After close', 2.64, 0.53, 2.22],
  ['DHR', 'Danaher Corp.', '2024-07-23', 'Before open', 1.57, 5.6, 2.05],
  ['PM', 'Philip Morris Intl.', '2024-07-23', 'Before open', 1.62, 9.0, 1.6],
  ['V', 'Visa Inc.', '2024-07-23', 'After close', 2.42, 9.0, 2.16],
  ['TMO', 'Thermo Fisher', '2024-07-24', 'Before open', 5.13, 10.6, 5.15],
  ['F', 'Ford Motor Co.', '2024-07-24', 'After close', 0.68, 43.5, 0.72],
  ['UNP', 'Union Pacific', '2024-07-25', 'Before open', 2.72, 6.1, 2.57],
  ['CMCSA', 'Comcast Corp.', '2024-07-25', 'Before open', 1.12, 30.0, 1.13],
  ['DXCM', 'DexCom Inc.', '2024-07-25', 'After close', 0.46, 1.1, 0.34],
  ['ABBV', 'AbbVie Inc.', '2024-07-26', 'Before open', 2.64, 14.0, 2.91],
  ['AON', 'Aon plc', '2024-07-26', 'Before open', 2.97, 3.8, 2.76],
];

export const charts: ChartBuilders = {
  'upcoming-earnings-1.png': () => {
    const days = ['2024-07-22', '2024-07-23', '2024-07-24', '2024-07-25', '2024-07-26'];
    const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
    return {
      kind: 'calendar',
      heading: 'Earnings calendar',
      groups: [
        { name: 'BEFORE OPEN', color: '#d97706' },
        { name: 'AFTER CLOSE', color: '#4f46e5' },
      ],
      days: days.map((d, i) => ({
        label: `${names[i] ?? ''} ${fmtDate(d).slice(0, -6)}`,
        entries: UPCOMING.filter((u) => u[2] === d).map((u) => ({
          symbol: u[0],
          name: u[1],
          group: u[3] === 'Before open' ? 'BEFORE OPEN' : 'AFTER CLOSE',
        })),
      })),
    };
  },
  'upcoming-earnings-2.png': () => ({
    kind: 'table',
    heading: 'Upcoming reports',
    columns: [
      { header: 'Symbol', width: 0.7 },
      { header: 'Company', width: 1.8 },
      { header: 'Date' },
      { header: 'Timing' },
      { header: 'EPS estimate', align: 'right' },
      { header: 'Revenue estimate', align: 'right' },
      { header: 'Year-ago EPS', align: 'right' },
    ],
    rows: UPCOMING.map(([sym, name, date, timing, eps, rev, ago]) => ({
      cells: [
        { text: sym, bold: true },
        name,
        date,
        timing,
        `$${eps.toFixed(2)}`,
        `$${rev.toFixed(1)}B`,
        `$${ago.toFixed(2)}`,
      ],
    })),
    status: `${UPCOMING.length} reports this week`,
  }),
};

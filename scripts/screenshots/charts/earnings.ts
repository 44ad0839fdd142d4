/** Charts of the Earnings History screenshots; toolbar inputs and views are in ../specs/earnings.json. */
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { PALETTE } from '../svg';
import { pctAxis, quarterLabels, round, signedCell } from './helpers';

export function quarterlyResults(): { labels: string[]; eps: number[]; revenue: number[]; dates: string[] } {
  const rng = new Rng('acme-earnings');
  const labels = quarterLabels(2018, 3, 24);
  const eps: number[] = [];
  const revenue: number[] = [];
  const dates: string[] = [];
  let e = 0.92;
  let rev = 4.1;
  labels.forEach((label, i) => {
    const q = Number(label[1]);
    const year = Number(label.slice(3));
    const covid = year === 2020 && q === 2 ? 0.62 : 1;
    e = e * (1 + 0.028 + rng.normal() * 0.03);
    rev = rev * (1 + 0.022 + rng.normal() * 0.015);
    eps.push(round(e * covid * (q === 4 ? 1.08 : 1), 2));
    revenue.push(round(rev * (covid === 1 ? 1 : 0.8) * (q === 4 ? 1.06 : 1), 2));
    const reportMonth = q * 3 + 1;
    const reportYear = year + (reportMonth > 12 ? 1 : 0);
    dates.push(
      `${reportYear}-${String(((reportMonth - 1) % 12) + 1).padStart(2, '0')}-${String(20 + (i % 8)).padStart(2, '0')}`,
    );
  });
  return { labels, eps, revenue, dates };
}

export const charts: ChartBuilders = {
  'earnings-1.png': () => {
    const q = quarterlyResults();
    const growth = q.eps
      .map((v, i) => (i >= 4 ? round((v / (q.eps[i - 4] ?? v) - 1) * 100, 1) : null))
      .slice(4);
    return {
      kind: 'bar',
      heading: 'ACME diluted EPS per quarter, USD, and year-over-year growth (right)',
      categories: q.labels.slice(4),
      rotateLabels: true,
      series: [{ name: 'EPS', values: q.eps.slice(4), color: '#3b82f6' }],
      y: { format: (v) => `$${v.toFixed(2)}`, label: 'EPS, USD' },
      overlays: [{ name: 'EPS growth y/y (right)', values: growth, color: PALETTE[1] ?? '', axis: 'right' }],
      y2: { format: pctAxis(0), label: 'Growth y/y' },
    };
  },
  'earnings-2.png': () => {
    const q = quarterlyResults();
    const rows = q.labels
      .map((label, i) => ({ label, i }))
      .slice(4)
      .reverse();
    return {
      kind: 'table',
      heading: 'Quarterly results',
      columns: [
        { header: 'Fiscal quarter' },
        { header: 'Report date' },
        { header: 'Revenue', align: 'right' },
        { header: 'Revenue y/y', align: 'right' },
        { header: 'EPS', align: 'right' },
        { header: 'EPS y/y', align: 'right' },
      ],
      rows: rows.map(({ label, i }) => ({
        cells: [
          label,
          q.dates[i] ?? '',
          `$${(q.revenue[i] ?? 0).toFixed(2)}B`,
          signedCell(((q.revenue[i] ?? 0) / (q.revenue[i - 4] ?? 1) - 1) * 100, 1),
          `$${(q.eps[i] ?? 0).toFixed(2)}`,
          signedCell(((q.eps[i] ?? 0) / (q.eps[i - 4] ?? 1) - 1) * 100, 1),
        ],
      })),
      status: '20 quarters · Export CSV',
    };
  },
};

/** Charts of the S&P 500 Returns by Month and Year screenshots; toolbar inputs and views are in ../specs/sp500-monthly-returns.json. */
import { monthlyReturns, sp500, yearlyReturns } from '../data';
import type { ChartBuilders } from '../render';
import { MONTHS, formatNumber } from '../scale';
import { mean, median } from '../series';
import { round } from './helpers';

export function monthlyMatrix(): {
  years: number[];
  rows: Map<number, (number | null)[]>;
  yearly: Map<number, number>;
} {
  const rows = monthlyReturns(sp500());
  const yearly = yearlyReturns(sp500());
  return { years: [...rows.keys()].filter((y) => y >= 1990 && y <= 2023), rows, yearly };
}

const HEAT_COLUMNS = [...MONTHS, 'Year'];

export const charts: ChartBuilders = {
  'sp500-monthly-returns-1.png': () => {
    const m = monthlyMatrix();
    return {
      kind: 'heatmap',
      heading: 'Monthly returns, % (green gain, red loss)',
      labelColumns: [{ header: 'Year', width: 0.9 }],
      valueColumns: HEAT_COLUMNS,
      rows: m.years
        .slice(-20)
        .reverse()
        .map((y) => ({
          labels: [String(y)],
          values: [
            ...(m.rows.get(y) ?? []).map((v) => (v === null ? null : round(v, 1))),
            round(m.yearly.get(y) ?? 0, 1),
          ],
        })),
      saturation: 8,
      columnSaturation: [...MONTHS.map(() => 8), 30],
      format: (v) => formatNumber(v, 1),
      rowHeight: 25,
      fontSize: 12,
    };
  },
  'sp500-monthly-returns-2.png': () => {
    const m = monthlyMatrix();
    const col = (k: number) =>
      m.years.map((y) => (k < 12 ? (m.rows.get(y)?.[k] ?? 0) : (m.yearly.get(y) ?? 0)));
    const cols = HEAT_COLUMNS.map((_, k) => col(k));
    return {
      kind: 'heatmap',
      heading: 'Monthly returns, %, with summary rows (1990–2023)',
      labelColumns: [{ header: 'Year', width: 1.6 }],
      valueColumns: HEAT_COLUMNS,
      rows: [
        ...m.years.slice(-12).map((y) => ({
          labels: [String(y)],
          values: [
            ...(m.rows.get(y) ?? []).map((v) => (v === null ? null : round(v, 1))),
            round(m.yearly.get(y) ?? 0, 1),
          ],
        })),
        { labels: ['Average'], values: cols.map((c) => round(mean(c), 2)), bold: true, separator: true },
        { labels: ['Median'], values: cols.map((c) => round(median(c), 2)), bold: true },
        {
          labels: ['% positive'],
          values: cols.map((c) => round((c.filter((v) => v > 0).length / c.length) * 100, 0)),
          bold: true,
          plain: true,
        },
      ],
      saturation: 8,
      columnSaturation: [...MONTHS.map(() => 8), 30],
      format: (v) => formatNumber(v, 1),
      plainFormat: (v) => `${v.toFixed(0)}%`,
      rowHeight: 30,
      fontSize: 12,
    };
  },
};

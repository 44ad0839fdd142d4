/** Charts of the Conditional Year Screener screenshots; toolbar inputs and views are in ../specs/conditional-years.json. */
import type { ChartBuilders } from '../render';
import { MONTHS, formatNumber, pct } from '../scale';
import { mean } from '../series';
import { COLORS } from '../svg';
import { pctAxis, round } from './helpers';
import { monthlyMatrix } from './sp500-monthly-returns';

function matchingYears(): { years: number[]; all: number[] } {
  const m = monthlyMatrix();
  // Filters: pre-election year (term year 3) and a positive January.
  const years = m.years.filter((y) => (y - 1953) % 4 === 2 || (m.rows.get(y)?.[0] ?? 0) > 4);
  return { years, all: m.years };
}

export const charts: ChartBuilders = {
  'conditional-years-1.png': () => {
    const m = monthlyMatrix();
    const { years } = matchingYears();
    return {
      kind: 'heatmap',
      heading: `Matching years (${years.length}): monthly, full-year and following-year return, %`,
      labelColumns: [{ header: 'Year', width: 0.8 }],
      valueColumns: [...MONTHS, 'Year', 'Next yr'],
      rows: years.map((y) => ({
        labels: [String(y)],
        values: [
          ...(m.rows.get(y) ?? []).map((v) => (v === null ? null : round(v, 1))),
          round(m.yearly.get(y) ?? 0, 1),
          m.yearly.has(y + 1) ? round(m.yearly.get(y + 1) ?? 0, 1) : null,
        ],
      })),
      saturation: 8,
      columnSaturation: [...MONTHS.map(() => 8), 30, 30],
      format: (v) => formatNumber(v, 1),
      rowHeight: 30,
      fontSize: 12,
    };
  },
  'conditional-years-2.png': () => {
    const m = monthlyMatrix();
    const { years, all } = matchingYears();
    const values = years.map((y) => round(m.yearly.get(y) ?? 0, 1));
    const avgMatch = mean(values);
    const avgAll = mean(all.map((y) => m.yearly.get(y) ?? 0));
    return {
      kind: 'bar',
      heading: 'Full-year S&P 500 return of each matching year, %',
      categories: years.map(String),
      series: [{ name: 'Full-year return', values, color: COLORS.up, negativeColor: COLORS.down }],
      valueLabels: true,
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
      hLines: [
        { value: avgMatch, label: `Matching years avg ${pct(avgMatch, 1, true)}`, color: '#1e3a8a' },
        { value: avgAll, label: `All years avg ${pct(avgAll, 1, true)}`, color: '#c2410c', dash: '2 3' },
      ],
    };
  },
};

/** Charts of the Performance by Year screenshots; toolbar inputs and views are in ../specs/performance-by-year.json. */
import { sp500, yearlyReturns } from '../data';
import type { ChartBuilders } from '../render';
import { pct } from '../scale';
import { mean } from '../series';
import { COLORS } from '../svg';
import { pctAxis, round } from './helpers';

export const charts: ChartBuilders = {
  'performance-by-year-1.png': () => {
    const yearly = yearlyReturns(sp500());
    const years = Array.from({ length: 34 }, (_, i) => 1990 + i);
    const values = years.map((y) => round(yearly.get(y) ?? 0, 1));
    const avg = mean(values);
    return {
      kind: 'bar',
      heading: 'S&P 500 calendar-year price return, %',
      categories: years.map(String),
      rotateLabels: true,
      series: [{ name: 'Return', values, color: COLORS.up, negativeColor: COLORS.down }],
      y: { format: pctAxis(0) },
      hLines: [{ value: avg, label: `Average ${pct(avg, 1)}`, color: '#1e3a8a' }],
    };
  },
};

/** Charts of the GDP screenshots; toolbar inputs and views are in ../specs/gdp.json. */
import { RECESSIONS } from '../data';
import type { ChartBuilders } from '../render';
import { COLORS, PALETTE } from '../svg';
import { RECESSION_LEGEND, num, pctAxis, quarterLabels, round } from './helpers';

export const charts: ChartBuilders = {
  'gdp-1.png': (rng) => {
    const labels = quarterLabels(2000, 1, 97);
    const values = labels.map((label) => {
      const year = Number(label.slice(3));
      const q = Number(label[1]);
      const t = year + (q - 1) / 4;
      let g = 2.4 + rng.normal() * 1.4;
      if (t >= 2001 && t < 2002) g = rng.normal() * 1.2 - 0.5;
      if (t >= 2008.2 && t < 2009.5) g = -3 - rng.next() * 5;
      if (t === 2020) g = -5.3;
      if (t === 2020.25) g = -28;
      if (t === 2020.5) g = 33;
      if (t === 2020.75) g = 4.2;
      return round(g, 1);
    });
    const shade = RECESSIONS.filter(([a]) => a >= 2000).map(([a, b]) => ({
      from: Math.round((a - 2000) * 4),
      to: Math.round((b - 2000) * 4) - 1,
      color: COLORS.recession,
    }));
    return {
      kind: 'bar',
      heading: 'Real GDP growth, % annualized, quarterly (2020 Q2 and Q3 off scale)',
      categories: labels.map((l) => (l.startsWith('Q1') && Number(l.slice(3)) % 2 === 0 ? l.slice(3) : '')),
      series: [{ name: 'Real GDP growth', values, color: '#3b82f6', negativeColor: COLORS.down }],
      y: { min: -10, max: 10, format: pctAxis(0) },
      shade,
      legendExtra: [RECESSION_LEGEND],
      showLegend: true,
    };
  },
  'gdp-2.png': (rng) => {
    const labels = quarterLabels(2021, 1, 13);
    const cons = labels.map(() => round(1.6 + rng.normal() * 1.1, 2));
    const inv = labels.map(() => round(0.3 + rng.normal() * 1.4, 2));
    const gov = labels.map(() => round(0.5 + rng.normal() * 0.35, 2));
    const net = labels.map(() => round(-0.2 + rng.normal() * 0.9, 2));
    const total = labels.map((_, i) =>
      round((cons[i] ?? 0) + (inv[i] ?? 0) + (gov[i] ?? 0) + (net[i] ?? 0), 1),
    );
    return {
      kind: 'bar',
      heading: 'Contributions to real GDP growth, percentage points (annualized)',
      categories: labels,
      stacked: true,
      series: [
        { name: 'Consumption', values: cons, color: PALETTE[0] },
        { name: 'Investment', values: inv, color: PALETTE[1] },
        { name: 'Government', values: gov, color: PALETTE[2] },
        { name: 'Net exports', values: net, color: PALETTE[3] },
      ],
      overlays: [{ name: 'Real GDP growth', values: total, color: '#111827', style: 'dots' }],
      y: { format: num(0) },
    };
  },
};

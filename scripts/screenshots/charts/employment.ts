/** Charts of the Employment screenshots; toolbar inputs and views are in ../specs/employment.json. */
import type { ChartBuilders } from '../render';
import { timeline } from '../series';
import { COLORS, PALETTE } from '../svg';
import { num, pctAxis, round, trailingMa } from './helpers';

export const charts: ChartBuilders = {
  'employment-1.png': (rng) => {
    const n = 112;
    const categories: string[] = [];
    const payrolls: number[] = [];
    const unemployment: number[] = [];
    let u = 5.7;
    for (let i = 0; i < n; i++) {
      const year = 2015 + Math.floor(i / 12);
      const month = i % 12;
      categories.push(month === 0 ? String(year) : '');
      const t = year + month / 12;
      let p = 200 + rng.normal() * 70 - (t > 2016 && t < 2020 ? 20 : 0);
      if (t >= 2020.2 && t < 2020.3) p = -1400;
      else if (t >= 2020.25 && t < 2020.34) p = -20000;
      else if (t >= 2020.34 && t < 2020.5) p = 3500 + rng.normal() * 800;
      else if (t >= 2020.5 && t < 2021) p = 900 + rng.normal() * 400;
      else if (t >= 2021 && t < 2022.5) p = 550 + rng.normal() * 180;
      else if (t >= 2022.5) p = 280 + rng.normal() * 90 - (t - 2022.5) * 30;
      payrolls.push(Math.round(p));
      if (t < 2020.2) u = Math.max(3.5, u - 0.022 + rng.normal() * 0.06);
      else if (t < 2020.34) u = t < 2020.25 ? 4.4 : 14.7;
      else if (t < 2022.3) u = Math.max(3.6, u - (u - 3.6) * 0.09 + rng.normal() * 0.05);
      else u = Math.min(4.0, Math.max(3.4, u + 0.012 + rng.normal() * 0.05));
      unemployment.push(round(u, 1));
    }
    return {
      kind: 'bar',
      heading: 'Monthly change in nonfarm payrolls, thousands (April 2020 bar off scale)',
      categories,
      series: [
        { name: 'Payroll change (k)', values: payrolls, color: '#3b82f6', negativeColor: COLORS.down },
      ],
      y: { min: -1500, max: 1500, format: num(0), label: 'Thousands of jobs' },
      overlays: [
        { name: 'Unemployment rate (right)', values: unemployment, color: PALETTE[1] ?? '', axis: 'right' },
      ],
      y2: { min: 0, max: 16, format: pctAxis(0), label: 'Unemployment rate' },
    };
  },
  'employment-2.png': (rng) => {
    const x = timeline(2019, 2024.4, 52);
    const claims = x.map((t) => {
      let base = 215;
      if (t >= 2020.2 && t < 2020.3) base = 3000 + (2020.25 - t) * -20000;
      else if (t >= 2020.3 && t < 2021.5) base = 1500 * Math.exp(-(t - 2020.3) * 2.2) + 300;
      else if (t >= 2021.5 && t < 2022) base = 300 - (t - 2021.5) * 140;
      else if (t >= 2022) base = 205 + (t - 2022) * 8 + 12 * Math.sin(t * Math.PI * 2);
      return Math.max(180, Math.round(base + rng.normal() * 9));
    });
    const ma = trailingMa(claims, 4);
    return {
      kind: 'line',
      heading: 'Initial jobless claims, thousands, weekly (2020 peak above 6,000 is off scale)',
      x,
      y: { min: 0, max: 1000, format: num(0), label: 'Thousands' },
      series: [
        { name: 'Initial claims', values: claims, width: 1.2, color: '#94a3b8' },
        { name: '4-week moving average', values: ma, width: 2.5, color: PALETTE[0] },
      ],
    };
  },
};

/** Charts of the Performance by Week screenshots; toolbar inputs and views are in ../specs/performance-by-week.json. */
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { mean, median } from '../series';
import { COLORS } from '../svg';
import { addDays, fmtDate, pctAxis, round, signedCell } from './helpers';

function weeklyNdx(rng: Rng): { avg: number[]; med: number[]; win: number[]; years: number } {
  const avg: number[] = [];
  const med: number[] = [];
  const win: number[] = [];
  for (let w = 0; w < 52; w++) {
    const seasonal =
      0.25 * Math.cos(((w - 46) / 52) * 2 * Math.PI) +
      (w >= 36 && w <= 39 ? -0.45 : 0) +
      (w === 51 ? 0.4 : 0);
    const values = Array.from({ length: 24 }, () => seasonal + 0.2 + rng.normal() * 3);
    avg.push(round(mean(values), 2));
    med.push(round(median(values), 2));
    win.push(round((values.filter((v) => v > 0).length / values.length) * 100, 0));
  }
  return { avg, med, win, years: 24 };
}

export const charts: ChartBuilders = {
  'performance-by-week-1.png': (rng) => {
    const s = weeklyNdx(rng);
    return {
      kind: 'bar',
      heading: 'Nasdaq-100 average return by week of the year, %, 2000–2023',
      categories: s.avg.map((_, i) => String(i + 1)),
      labelEvery: 4,
      series: [
        { name: 'Average weekly return', values: s.avg, color: COLORS.up, negativeColor: COLORS.down },
      ],
      y: { format: pctAxis(1) },
      hLines: [{ value: 0, color: '#111827', dash: '0' }],
    };
  },
  'performance-by-week-2.png': () => {
    const s = weeklyNdx(new Rng('performance-by-week-1.png'));
    return {
      kind: 'table',
      heading: 'Weeks of the year',
      columns: [
        { header: 'Week' },
        { header: 'Approx. dates', width: 1.6 },
        { header: 'Average', align: 'right' },
        { header: 'Median', align: 'right' },
        { header: 'Win rate', align: 'right' },
        { header: 'Years', align: 'right' },
      ],
      rows: s.avg.map((a, w) => {
        const start = addDays('2023-01-02', w * 7);
        return {
          cells: [
            `Week ${w + 1}`,
            `${fmtDate(start).slice(0, -6)} – ${fmtDate(addDays(start, 4)).slice(0, -6)}`,
            signedCell(a, 2),
            signedCell(s.med[w] ?? 0, 2),
            `${s.win[w] ?? 0}%`,
            String(s.years),
          ],
        };
      }),
      status: '52 weeks · sorted by week number',
    };
  },
};

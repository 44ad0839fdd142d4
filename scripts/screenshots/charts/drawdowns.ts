/** Charts of the Drawdowns screenshots; toolbar inputs and views are in ../specs/drawdowns.json. */
import { type DailySeries, nasdaq, sample } from '../data';
import type { ChartBuilders } from '../render';
import { formatNumber, pct } from '../scale';
import { drawdown } from '../series';
import { COLORS } from '../svg';
import { pctAxis } from './helpers';

interface Episode {
  peak: string;
  trough: string;
  recovery: string | null;
  depth: number;
  days: number | null;
}

function episodes(series: DailySeries): Episode[] {
  const out: Episode[] = [];
  let peakI = 0;
  let troughI = 0;
  let inDd = false;
  series.values.forEach((v, i) => {
    const peak = series.values[peakI] ?? v;
    if (v >= peak) {
      if (inDd) {
        const depth = ((series.values[troughI] ?? 0) / peak - 1) * 100;
        out.push({
          peak: series.dates[peakI] ?? '',
          trough: series.dates[troughI] ?? '',
          recovery: series.dates[i] ?? '',
          depth,
          days: i - troughI,
        });
      }
      peakI = i;
      troughI = i;
      inDd = false;
    } else {
      inDd = true;
      if (v < (series.values[troughI] ?? v)) troughI = i;
    }
  });
  if (inDd) {
    const peak = series.values[peakI] ?? 1;
    out.push({
      peak: series.dates[peakI] ?? '',
      trough: series.dates[troughI] ?? '',
      recovery: null,
      depth: ((series.values[troughI] ?? 0) / peak - 1) * 100,
      days: null,
    });
  }
  return out.sort((a, b) => a.depth - b.depth);
}

export const charts: ChartBuilders = {
  'drawdowns-1.png': () => {
    const s = sample(nasdaq(), 2);
    return {
      kind: 'line',
      heading: 'Nasdaq Composite: % below previous all-time high',
      x: s.x,
      y: { format: pctAxis(0), max: 0 },
      series: [{ name: 'Drawdown', values: drawdown(s.values), color: COLORS.down, area: true, width: 1.2 }],
    };
  },
  'drawdowns-2.png': () => {
    const list = episodes(nasdaq()).slice(0, 18);
    return {
      kind: 'table',
      heading: 'Largest drawdowns',
      columns: [
        { header: 'Rank', width: 0.5, align: 'right' },
        { header: 'Peak' },
        { header: 'Trough' },
        { header: 'Recovery' },
        { header: 'Depth', align: 'right' },
        { header: 'Days to recover', align: 'right' },
      ],
      rows: list.map((e, i) => ({
        cells: [
          String(i + 1),
          e.peak,
          e.trough,
          e.recovery ?? { text: 'not yet', color: COLORS.faint },
          { text: pct(e.depth, 1), color: COLORS.down, bold: true },
          e.days === null ? '—' : formatNumber(e.days),
        ],
      })),
      status: 'Days to recover: trading days from trough back to the previous high',
    };
  },
};

/** Charts of the Moving Averages screenshots; toolbar inputs and views are in ../specs/moving-averages.json. */
import { indexAt, slice, sp500 } from '../data';
import type { Marker } from '../line-chart';
import type { ChartBuilders } from '../render';
import { movingAverage } from '../series';
import { COLORS, PALETTE } from '../svg';
import { SP, num, pctAxis } from './helpers';

function maData(): {
  x: number[];
  close: number[];
  ma50: (number | null)[];
  ma200: (number | null)[];
  start: number;
} {
  const s = slice(sp500(), 2013);
  const ma50 = movingAverage(s.values, 50);
  const ma200 = movingAverage(s.values, 200);
  const start = indexAt(s, 2016);
  return {
    x: s.x.slice(start),
    close: s.values.slice(start),
    ma50: ma50.slice(start),
    ma200: ma200.slice(start),
    start,
  };
}

export const charts: ChartBuilders = {
  'moving-averages-1.png': () => {
    const d = maData();
    const markers = d.x.flatMap((x, i): Marker[] => {
      const a0 = d.ma50[i - 1];
      const b0 = d.ma200[i - 1];
      const a1 = d.ma50[i];
      const b1 = d.ma200[i];
      if (i === 0 || a0 == null || b0 == null || a1 == null || b1 == null) return [];
      if (a0 <= b0 && a1 > b1) return [{ x, y: a1 * 0.93, shape: 'up' as const, color: COLORS.up }];
      if (a0 >= b0 && a1 < b1) return [{ x, y: a1 * 1.07, shape: 'down' as const, color: COLORS.down }];
      return [];
    });
    return {
      kind: 'line',
      heading: 'S&P 500 with 50-day and 200-day moving averages and crossovers',
      x: d.x,
      y: { format: num(0) },
      series: [
        { name: SP, values: d.close, color: '#94a3b8', width: 1.2 },
        { name: '50-day MA', values: d.ma50, color: PALETTE[1], width: 2 },
        { name: '200-day MA', values: d.ma200, color: PALETTE[0], width: 2.2 },
      ],
      markers,
      legendExtra: [
        { name: 'Golden cross', color: COLORS.up, kind: 'box' },
        { name: 'Death cross', color: COLORS.down, kind: 'box' },
      ],
    };
  },
  'moving-averages-2.png': () => {
    const d = maData();
    const dist = d.close.map((c, i) => {
      const m = d.ma200[i];
      return m == null ? null : (c / m - 1) * 100;
    });
    return {
      kind: 'line',
      heading: 'Percent distance of the S&P 500 from its 200-day moving average',
      x: d.x,
      y: { format: pctAxis(0) },
      series: [{ name: 'Distance from 200-day MA', values: dist, color: PALETTE[4], width: 1.5, area: true }],
      hLines: [
        { value: 10, label: '+10%', color: COLORS.up },
        { value: -10, label: '−10%', color: COLORS.down },
        { value: 0, color: '#374151', dash: '2 2' },
      ],
    };
  },
};

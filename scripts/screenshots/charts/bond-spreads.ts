/** Charts of the Bond Spreads screenshots; toolbar inputs, views and data tables are in ../specs/bond-spreads.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import type { ChartBuilders } from '../render';
import { timeline } from '../series';
import { RECESSION_LEGEND, levels, num, recessionBands } from './helpers';

const data = toolData(
  'bond-spreads',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ hyAnchors: points, byRating: points }),
  }),
);

export const charts: ChartBuilders = {
  'bond-spreads-1.png': () => {
    const x = timeline(2004, 2024.41, 52);
    const hyAnchors: [number, number][] = data.anchors.hyAnchors;
    const hy = levels('hy-oas', x, hyAnchors, 0.8, 2.2);
    const ig = levels(
      'ig-oas',
      x,
      hyAnchors.map(([t, v]) => [t, 0.3 + v * 0.3] as [number, number]),
      0.15,
      0.75,
    );
    return {
      kind: 'line',
      heading: 'Option-adjusted spreads over Treasuries, percentage points',
      x,
      y: { format: num(0), min: 0 },
      bands: recessionBands(2004, 2025),
      series: [
        { name: 'Investment grade', values: ig, width: 1.8 },
        { name: 'High yield', values: hy, width: 1.8 },
      ],
      legendExtra: [RECESSION_LEGEND],
    };
  },
  'bond-spreads-2.png': () => {
    const x = timeline(2014, 2024.41, 52);
    const anchors: [number, number][] = data.anchors.byRating;
    const scale = (f: number, add: number) => anchors.map(([t, v]) => [t, v * f + add] as [number, number]);
    return {
      kind: 'line',
      heading: 'High-yield option-adjusted spreads by rating, percentage points',
      x,
      y: { format: num(0), min: 0 },
      series: [
        { name: 'BB', values: levels('bb', x, scale(0.6, 0), 0.5, 1.5), width: 1.8 },
        { name: 'B', values: levels('b', x, scale(0.95, 0.2), 0.7, 2.5), width: 1.8 },
        { name: 'CCC', values: levels('ccc', x, scale(2.1, 1.5), 1.4, 6), width: 1.8 },
      ],
    };
  },
};

/** Charts of the Bond Spreads screenshots; the toolbar inputs and views are in ../specs/bond-spreads.json. */
import type { ChartBuilders } from '../render';
import { timeline } from '../series';
import { RECESSION_LEGEND, levels, num, recessionBands } from './helpers';

export const charts: ChartBuilders = {
  'bond-spreads-1.png': () => {
    const x = timeline(2004, 2024.41, 52);
    const hyAnchors: [number, number][] = [
      [2004, 4.2],
      [2007.4, 2.5],
      [2008.9, 19.5],
      [2009.5, 10],
      [2011.0, 5.5],
      [2011.8, 8.5],
      [2014.5, 3.4],
      [2016.1, 8.4],
      [2018.7, 3.2],
      [2018.99, 5.3],
      [2020.1, 3.5],
      [2020.22, 10.5],
      [2021.5, 3.0],
      [2022.5, 5.8],
      [2024.41, 3.1],
    ];
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
    const anchors: [number, number][] = [
      [2014, 3.6],
      [2014.5, 3.4],
      [2016.1, 8.2],
      [2018.7, 3.3],
      [2018.99, 5.2],
      [2020.1, 3.6],
      [2020.22, 10.0],
      [2021.5, 3.1],
      [2022.5, 5.7],
      [2024.41, 3.1],
    ];
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

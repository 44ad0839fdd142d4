/** Charts of the Housing screenshots; the toolbar inputs and views are in ../specs/housing.json. */
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { bridge } from '../series';
import { PALETTE } from '../svg';
import { levels, monthlyX, num, pctAxis } from './helpers';

export const charts: ChartBuilders = {
  'housing-1.png': () => {
    const x = monthlyX(2000, 2024.25);
    const anchors: [number, number][] = [
      [2000, 1640],
      [2002, 1700],
      [2006.0, 2200],
      [2007.5, 1380],
      [2009.3, 490],
      [2011, 580],
      [2016, 1200],
      [2020.0, 1600],
      [2020.3, 950],
      [2021.1, 1700],
      [2022.3, 1800],
      [2023.5, 1400],
      [2024.25, 1380],
    ];
    const starts = bridge(new Rng('starts'), x, anchors, 0.25, true);
    const permits = bridge(
      new Rng('permits'),
      x,
      anchors.map(([t, v]) => [t - 0.08, v * 1.03] as [number, number]),
      0.12,
      true,
    );
    return {
      kind: 'line',
      heading: 'Housing starts and building permits, thousands of units, seasonally adjusted annual rate',
      x,
      y: { format: num(0), min: 0 },
      series: [
        { name: 'Housing starts', values: starts, width: 1.6 },
        { name: 'Building permits', values: permits, width: 1.8 },
      ],
    };
  },
  'housing-2.png': () => {
    const x = monthlyX(2015, 2024.25);
    const sales = bridge(
      new Rng('home-sales'),
      x,
      [
        [2015, 5.0],
        [2017.8, 5.6],
        [2018.9, 5.0],
        [2020.0, 5.5],
        [2020.4, 3.9],
        [2020.9, 6.6],
        [2021.9, 6.2],
        [2022.9, 4.0],
        [2023.9, 3.9],
        [2024.25, 4.15],
      ],
      0.12,
      true,
    );
    const rate = levels(
      'mortgage',
      x,
      [
        [2015, 3.8],
        [2016.6, 3.45],
        [2018.85, 4.9],
        [2019.7, 3.6],
        [2021.0, 2.7],
        [2021.9, 3.1],
        [2022.8, 7.0],
        [2023.1, 6.2],
        [2023.8, 7.8],
        [2024.0, 6.6],
        [2024.25, 7.1],
      ],
      0.25,
    );
    return {
      kind: 'line',
      heading: 'Existing home sales (millions, annual rate) and 30-year fixed mortgage rate (right)',
      x,
      y: { format: num(1), label: 'Millions, annual rate', min: 3 },
      y2: { format: pctAxis(0), label: 'Mortgage rate', min: 2 },
      series: [
        { name: 'Existing home sales', values: sales, width: 2.2, color: PALETTE[0] },
        { name: '30-yr mortgage rate (right)', values: rate, width: 2.2, axis: 'right', color: PALETTE[1] },
      ],
    };
  },
};

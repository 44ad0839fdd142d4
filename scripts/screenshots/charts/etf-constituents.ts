/** Charts of the ETF Constituents screenshots; toolbar inputs, views and data tables are in ../specs/etf-constituents.json. */
import { z } from 'zod';
import { toolData } from '../spec-files';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { bridge, timeline } from '../series';
import { COLORS } from '../svg';
import { signedCell } from './helpers';

const data = toolData(
  'etf-constituents',
  z.strictObject({
    /** XLE holdings: [symbol, name, weight %]. */
    xle: z.array(z.tuple([z.string(), z.string(), z.number()])),
  }),
);

const XLE = data.xle;

function constituentPaths(): { sym: string; name: string; weight: number; values: number[] }[] {
  return XLE.map(([sym, name, weight]) => {
    const rng = new Rng(`xle-${sym}`);
    const start = rng.range(40, 160);
    const x = timeline(0, 0.5, 252);
    const values = bridge(
      rng,
      x,
      [
        [0, start],
        [0.5, start * (1 + rng.normal() * 0.12 + 0.03)],
      ],
      0.28,
      true,
    );
    return { sym, name, weight, values };
  });
}

export const charts: ChartBuilders = {
  'etf-constituents-1.png': () => ({
    kind: 'multiples',
    columns: 4,
    items: constituentPaths().map((c) => ({
      symbol: c.sym,
      name: `${c.name} · ${c.weight.toFixed(1)}%`,
      values: c.values,
    })),
  }),
  'etf-constituents-2.png': () => ({
    kind: 'table',
    heading: 'Components',
    rowHeight: 31,
    columns: [
      { header: 'Symbol', width: 0.7 },
      { header: 'Name', width: 1.6 },
      { header: 'Weight', align: 'right', width: 0.8 },
      { header: '6-month change', align: 'right' },
      { header: 'Last 6 months', width: 1.8 },
    ],
    rows: constituentPaths().map((c) => {
      const chg = ((c.values[c.values.length - 1] ?? 1) / (c.values[0] ?? 1) - 1) * 100;
      return {
        cells: [
          { text: c.sym, bold: true },
          c.name,
          `${c.weight.toFixed(1)}%`,
          signedCell(chg, 1),
          {
            text: '',
            spark: c.values.filter((_, i) => i % 2 === 0),
            color: chg >= 0 ? COLORS.up : COLORS.down,
          },
        ],
      };
    }),
  }),
};

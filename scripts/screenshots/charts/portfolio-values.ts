/** Charts of the Portfolio Values screenshots; toolbar inputs, views and data tables are in ../specs/portfolio-values.json. */
import { z } from 'zod';
import { points, toolData } from '../spec-files';
import { Rng } from '../prng';
import type { ChartBuilders } from '../render';
import { formatNumber } from '../scale';
import { bridge, timeline } from '../series';
import { PALETTE } from '../svg';
import type { Cell } from '../table';

const data = toolData(
  'portfolio-values',
  z.strictObject({
    /** Points [x, y] each synthetic series is drawn through, by series. */
    anchors: z.strictObject({ pfCore: points, pfDiv: points, pfSpec: points }),
    /** [symbol, shares, tag, price in USD]. */
    holdings: z.array(z.tuple([z.string(), z.number(), z.string(), z.number()])),
  }),
);

const HOLDINGS = data.holdings;

export const charts: ChartBuilders = {
  'portfolio-values-1.png': () => {
    const x = timeline(2022.41, 2024.41, 104);
    const core = bridge(new Rng('pf-core'), x, data.anchors.pfCore, 0.12, true);
    const div = bridge(new Rng('pf-div'), x, data.anchors.pfDiv, 0.1, true);
    const spec = bridge(new Rng('pf-spec'), x, data.anchors.pfSpec, 0.35, true);
    const s1 = core;
    const s2 = core.map((v, i) => v + (div[i] ?? 0));
    const s3 = s2.map((v, i) => v + (spec[i] ?? 0));
    return {
      kind: 'line',
      heading: 'Portfolio value by tag, USD (stacked)',
      x,
      y: { format: (v) => `$${formatNumber(v / 1000, 0)}k`, min: 0 },
      ranges: [
        { name: 'core', lower: x.map(() => 0), upper: s1, color: PALETTE[0] ?? '', opacity: 0.55 },
        { name: 'dividend', lower: s1, upper: s2, color: PALETTE[2] ?? '', opacity: 0.55 },
        { name: 'speculative', lower: s2, upper: s3, color: PALETTE[1] ?? '', opacity: 0.55 },
      ],
      series: [{ name: 'Total', values: s3, color: '#111827', width: 1.8 }],
    };
  },
  'portfolio-values-2.png': () => {
    const total = HOLDINGS.reduce((a, [, sh, , p]) => a + sh * p, 0);
    const tagColor: Record<string, string> = {
      core: PALETTE[0] ?? '',
      dividend: PALETTE[2] ?? '',
      speculative: PALETTE[1] ?? '',
    };
    return {
      kind: 'table',
      heading: 'Holdings',
      rowHeight: 30,
      columns: [
        { header: 'Symbol' },
        { header: 'Shares', align: 'right' },
        { header: 'Tag' },
        { header: 'Last price', align: 'right' },
        { header: 'Current value', align: 'right' },
        { header: '% of portfolio', align: 'right' },
      ],
      rows: [
        ...HOLDINGS.map(([sym, sh, tag, p]) => ({
          cells: [
            { text: sym, bold: true },
            formatNumber(sh),
            { text: tag, color: tagColor[tag] },
            `$${p.toFixed(2)}`,
            `$${formatNumber(sh * p, 0)}`,
            `${((sh * p * 100) / total).toFixed(1)}%`,
          ] as Cell[],
        })),
        {
          cells: ['Total', '', '', '', `$${formatNumber(total, 0)}`, '100.0%'],
          bold: true,
          separator: true,
          bg: '#f3f4f6',
        },
      ],
    };
  },
};

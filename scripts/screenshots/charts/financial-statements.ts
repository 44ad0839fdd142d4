/** Charts of the Financial Statements screenshots; toolbar inputs and views are in ../specs/financial-statements.json. */
import type { ChartBuilders } from '../render';
import { formatNumber } from '../scale';
import { PALETTE } from '../svg';
import type { Cell } from '../table';
import { num, round } from './helpers';

export const charts: ChartBuilders = {
  'financial-statements-1.png': (rng) => {
    const years = ['FY2019', 'FY2020', 'FY2021', 'FY2022', 'FY2023'];
    const revenue = [16.4, 15.1, 18.9, 21.7, 23.5].map((v) => v * 1000 + rng.normal() * 60);
    const grossMargin = [0.41, 0.39, 0.42, 0.43, 0.445];
    const cogs = revenue.map((v, i) => v * (1 - (grossMargin[i] ?? 0.4)));
    const gross = revenue.map((v, i) => v - (cogs[i] ?? 0));
    const rnd = revenue.map((v) => v * 0.08);
    const sga = revenue.map((v) => v * 0.15);
    const op = gross.map((v, i) => v - (rnd[i] ?? 0) - (sga[i] ?? 0));
    const interest = [210, 240, 225, 205, 190];
    const pretax = op.map((v, i) => v - (interest[i] ?? 0));
    const tax = pretax.map((v) => v * 0.205);
    const net = pretax.map((v, i) => v - (tax[i] ?? 0));
    const money = (v: number) => formatNumber(v, 0);
    const row = (
      label: string,
      values: number[],
      bold = false,
      format = money,
    ): { cells: Cell[]; bold: boolean } => ({ cells: [label, ...values.map(format)], bold });
    const margin = (values: number[]) => values.map((v, i) => (v / (revenue[i] ?? 1)) * 100);
    const italicPct = (v: number) => `${v.toFixed(1)}%`;
    return {
      kind: 'table',
      heading: 'Income statement, USD millions (fiscal years ending December)',
      rowHeight: 30,
      columns: [
        { header: 'Line item', width: 2 },
        ...years.map((y) => ({ header: y, align: 'right' as const })),
      ],
      rows: [
        row('Revenue', revenue, true),
        row('Cost of revenue', cogs),
        row('Gross profit', gross, true),
        { ...row('  Gross margin', margin(gross), false, italicPct), bg: '#f9fafb' },
        row('Research and development', rnd),
        row('Selling, general and administrative', sga),
        row('Operating income', op, true),
        { ...row('  Operating margin', margin(op), false, italicPct), bg: '#f9fafb' },
        row('Interest expense', interest),
        row('Income before taxes', pretax),
        row('Income tax', tax),
        row('Net income', net, true),
        { ...row('  Net margin', margin(net), false, italicPct), bg: '#f9fafb' },
        row(
          'Diluted EPS (USD)',
          net.map((v) => v / 1180),
          true,
          (v) => v.toFixed(2),
        ),
      ],
    };
  },
  'financial-statements-2.png': (rng) => {
    const years = Array.from({ length: 10 }, (_, i) => 2014 + i);
    const ocf = years.map((_, i) => round(1500 * Math.pow(1.09, i) * (1 + rng.normal() * 0.06), 0));
    const capex = years.map((_, i) => -round(520 * Math.pow(1.07, i) * (1 + rng.normal() * 0.08), 0));
    const fcf = ocf.map((v, i) => v + (capex[i] ?? 0));
    return {
      kind: 'bar',
      heading: 'Operating cash flow, capital expenditures and free cash flow, USD millions',
      categories: years.map(String),
      series: [
        { name: 'Operating cash flow', values: ocf, color: PALETTE[0] },
        { name: 'Capital expenditures', values: capex, color: PALETTE[1] },
        { name: 'Free cash flow', values: fcf, color: PALETTE[2] },
      ],
      y: { format: num(0) },
    };
  },
};

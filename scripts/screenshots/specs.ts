/**
 * One spec per screenshot named in content/tools/*.md: the tool title, toolbar inputs and a chart
 * built from illustrative data that matches the screenshot's alt text.
 */
import {
  FIRMS,
  RECESSIONS,
  SECTORS,
  acme,
  indexAt,
  monthlyReturns,
  nasdaq,
  sample,
  slice,
  sp500,
  valueAt,
  yearlyReturns,
  type DailySeries,
} from './data';
import type { Band, LineSeries, Marker } from './line-chart';
import { Rng } from './prng';
import type { Chart, ScreenshotSpec } from './render';
import { MONTHS, formatNumber, pct, type Tick } from './scale';
import { bridge, drawdown, mean, median, movingAverage, quantile, rebase, timeline } from './series';
import { COLORS, PALETTE } from './svg';
import type { Cell, CellObject } from './table';

// ---------------------------------------------------------------------------------------------
// Helpers

const pctAxis =
  (decimals = 0) =>
  (v: number): string =>
    pct(v, decimals);
const num =
  (decimals = 0) =>
  (v: number): string =>
    formatNumber(v, decimals);

function signedCell(value: number, decimals = 1, suffix = '%'): CellObject {
  const body = `${value > 0 ? '+' : ''}${formatNumber(value, decimals)}${suffix}`;
  return { text: body, color: value > 0 ? COLORS.up : value < 0 ? COLORS.down : COLORS.text };
}

function round(value: number, decimals = 2): number {
  const f = Math.pow(10, decimals);
  return Math.round(value * f) / f;
}

function recessionBands(from: number, to: number): Band[] {
  return RECESSIONS.filter(([a, b]) => b >= from && a <= to).map(([a, b]) => ({
    from: a,
    to: b,
    color: COLORS.recession,
  }));
}

const RECESSION_LEGEND = { name: 'Recession', color: COLORS.recession, kind: 'box' as const };

function fmtDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${Number(d)}, ${y}`;
}

function addDays(iso: string, days: number): string {
  const t = Date.parse(iso + 'T00:00:00Z') + days * 86400000;
  return new Date(t).toISOString().slice(0, 10);
}

function trailingMa(values: number[], window: number): (number | null)[] {
  return movingAverage(values, window);
}

function monthlyX(start: number, end: number): number[] {
  return timeline(start, end, 12);
}

/** Percent change over n steps for whole arrays (null for the first n). */
function change(values: number[], n: number): (number | null)[] {
  return values.map((v, i) => (i >= n ? (v / (values[i - n] ?? v) - 1) * 100 : null));
}

function quarterLabels(startYear: number, startQuarter: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const q = startQuarter - 1 + i;
    return `Q${(q % 4) + 1} ${startYear + Math.floor(q / 4)}`;
  });
}

const SP = 'S&P 500';

// ---------------------------------------------------------------------------------------------
// Specs

export const SPECS: Record<string, ScreenshotSpec> = {};

/** A level path (rates, spreads) through anchors with its own seed. */
function levels(seed: string, x: number[], anchors: [number, number][], vol: number, min = 0.01): number[] {
  return bridge(new Rng(seed), x, anchors, vol, false, min);
}

// T1 Treasury Rates ---------------------------------------------------------------------------

function treasuryYields(): { x: number[]; m3: number[]; y2: number[]; y10: number[] } {
  const x = timeline(2000, 2024.38, 52);
  const m3 = levels(
    't3m',
    x,
    [
      [2000, 5.4],
      [2000.9, 6.2],
      [2001.95, 1.7],
      [2003.5, 0.9],
      [2004.4, 1.1],
      [2006.5, 5.0],
      [2007.5, 4.9],
      [2008.9, 0.05],
      [2015.9, 0.2],
      [2018.95, 2.4],
      [2019.6, 2.0],
      [2020.25, 0.05],
      [2021.9, 0.05],
      [2022.2, 0.5],
      [2023.0, 4.4],
      [2023.6, 5.5],
      [2024.38, 5.45],
    ],
    0.3,
  );
  const y2 = levels(
    't2y',
    x,
    [
      [2000, 6.4],
      [2000.5, 6.6],
      [2001.9, 3.0],
      [2003.4, 1.3],
      [2004.5, 2.7],
      [2006.5, 5.1],
      [2007.4, 4.9],
      [2008.95, 0.8],
      [2011.7, 0.2],
      [2015.9, 1.0],
      [2018.85, 2.9],
      [2019.7, 1.5],
      [2020.3, 0.2],
      [2021.5, 0.2],
      [2022.8, 4.6],
      [2023.2, 4.2],
      [2023.8, 5.1],
      [2024.0, 4.3],
      [2024.38, 4.85],
    ],
    0.45,
  );
  const y10 = levels(
    't10y',
    x,
    [
      [2000, 6.6],
      [2000.5, 6.0],
      [2001.8, 4.6],
      [2003.45, 3.3],
      [2004.4, 4.7],
      [2006.5, 5.1],
      [2007.5, 5.2],
      [2008.95, 2.2],
      [2009.4, 3.8],
      [2010.7, 2.5],
      [2011.2, 3.6],
      [2012.5, 1.5],
      [2013.9, 3.0],
      [2016.5, 1.4],
      [2018.8, 3.2],
      [2019.7, 1.5],
      [2020.5, 0.6],
      [2021.2, 1.7],
      [2021.9, 1.5],
      [2022.8, 4.2],
      [2023.2, 3.5],
      [2023.8, 4.9],
      [2024.0, 3.9],
      [2024.38, 4.45],
    ],
    0.5,
  );
  return { x, m3, y2, y10 };
}

const TREASURY_VIEWS = ['History', 'Yield curve', '2s10s spread'];

SPECS['treasury-rates-1.png'] = {
  title: 'Treasury Rates',
  inputs: [
    ['Maturities', '3M, 2Y, 10Y'],
    ['From', '2000-01-03'],
    ['To', '2024-05-17'],
  ],
  views: TREASURY_VIEWS,
  chart: () => {
    const t = treasuryYields();
    const spread = t.y10.map((v, i) => v - (t.y2[i] ?? 0));
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.66, 0.34],
      children: [
        {
          kind: 'line',
          heading: 'Treasury constant-maturity yields, %',
          x: t.x,
          y: { format: pctAxis(0), min: 0 },
          series: [
            { name: '3-month', values: t.m3, width: 1.5 },
            { name: '2-year', values: t.y2, width: 1.5 },
            { name: '10-year', values: t.y10, width: 1.5 },
          ],
        },
        {
          kind: 'line',
          heading: '10-year minus 2-year spread, percentage points',
          x: t.x,
          y: { format: num(1), count: 4 },
          series: [{ name: '10Y − 2Y', values: spread, area: true, color: PALETTE[3], width: 1.5 }],
          hLines: [{ value: 0, color: '#374151', dash: '4 3', label: 'Inverted below 0' }],
        },
      ],
    };
  },
};

SPECS['treasury-rates-2.png'] = {
  title: 'Treasury Rates',
  inputs: [
    ['Curve date', '2024-05-17'],
    ['Compare with', '2023-05-17'],
  ],
  views: TREASURY_VIEWS,
  activeView: 'Yield curve',
  chart: (rng) => {
    const maturities = ['1M', '2M', '3M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '20Y', '30Y'];
    const years = [1 / 12, 2 / 12, 0.25, 0.5, 1, 2, 3, 5, 7, 10, 20, 30];
    const x = years.map((y) => Math.log(y * 12));
    const then = [5.55, 5.45, 5.35, 5.25, 4.85, 4.15, 3.85, 3.6, 3.58, 3.55, 3.95, 3.85].map((v) =>
      round(v + rng.normal() * 0.03),
    );
    const now = [5.5, 5.5, 5.46, 5.38, 5.16, 4.82, 4.63, 4.45, 4.45, 4.42, 4.66, 4.55].map((v) =>
      round(v + rng.normal() * 0.03),
    );
    const ticks: Tick[] = maturities.map((label, i) => ({ value: x[i] ?? 0, label }));
    return {
      kind: 'line',
      heading: 'Yield curve, % by maturity',
      x,
      xTicks: ticks,
      xLabel: 'Maturity',
      y: { format: pctAxis(1), min: 3.4, max: 5.8 },
      series: [
        { name: '2024-05-17', values: now, width: 2.5, color: PALETTE[0] },
        { name: '2023-05-17', values: then, width: 2.5, color: PALETTE[1], dash: '7 4' },
      ],
      xMin: (x[0] ?? 0) - 0.15,
      xMax: (x[x.length - 1] ?? 0) + 0.15,
      markers: [
        ...now.map((v, i) => ({
          x: x[i] ?? 0,
          y: v,
          shape: 'dot' as const,
          color: PALETTE[0] ?? '',
          label: Math.abs(v - (then[i] ?? 0)) > 0.2 ? v.toFixed(2) : undefined,
        })),
        ...then.map((v, i) => ({
          x: x[i] ?? 0,
          y: v,
          shape: 'hollow' as const,
          color: PALETTE[1] ?? '',
          label: Math.abs(v - (now[i] ?? 0)) > 0.2 ? v.toFixed(2) : undefined,
          labelBelow: true,
        })),
      ],
    };
  },
};

// T2 Price History ----------------------------------------------------------------------------

SPECS['price-history-1.png'] = {
  title: 'Price History',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '1990-01-02'],
    ['To', '2024-05-31'],
    ['Scale', 'Log'],
  ],
  views: ['Daily', 'Weekly', 'Monthly'],
  chart: () => {
    const daily = slice(sp500(), 1989);
    const ma50 = trailingMa(daily.values, 50);
    const ma200 = trailingMa(daily.values, 200);
    const keep = daily.x.map((x, i) => (x >= 1990 && i % 3 === 0 ? i : -1)).filter((i) => i >= 0);
    const pick = <T>(arr: T[]) => keep.map((i) => arr[i] as T);
    return {
      kind: 'line',
      heading: 'S&P 500 index, daily close (log scale)',
      x: pick(daily.x),
      y: { log: true, format: num(0) },
      series: [
        { name: SP, values: pick(daily.values), width: 1.2, color: '#334155' },
        { name: '50-day MA', values: pick(ma50), width: 1.5, color: PALETTE[1] },
        { name: '200-day MA', values: pick(ma200), width: 2, color: PALETTE[0] },
      ],
    };
  },
};

SPECS['price-history-2.png'] = {
  title: 'Price History',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['From', '2019-05-31'],
    ['To', '2024-05-31'],
    ['Interval', 'Weekly'],
  ],
  views: ['Daily', 'Weekly', 'Monthly'],
  activeView: 'Weekly',
  chart: () => {
    const weekly = sample(slice(acme(), 2018.6), 5);
    const ma40 = trailingMa(weekly.values, 40);
    const start = weekly.x.findIndex((x) => x >= 2019.41);
    const x = weekly.x.slice(start);
    const rows = weekly.dates
      .map((date, i) => ({
        date,
        close: weekly.values[i] ?? 0,
        ma: ma40[i] ?? null,
        prev: weekly.values[i - 1] ?? 0,
      }))
      .slice(-20)
      .reverse();
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.64, 0.36],
      children: [
        {
          kind: 'line',
          heading: 'ACME weekly close, USD',
          x,
          y: { format: (v) => `$${v.toFixed(0)}` },
          series: [
            { name: 'ACME', values: weekly.values.slice(start), color: '#334155', width: 1.6 },
            { name: '40-week MA', values: ma40.slice(start), color: PALETTE[1], width: 2.2 },
          ],
        },
        {
          kind: 'table',
          heading: 'Data',
          fontSize: 12,
          rowHeight: 25,
          columns: [
            { header: 'Week of', width: 1.3 },
            { header: 'Close', align: 'right' },
            { header: '40-wk MA', align: 'right' },
            { header: 'Chg', align: 'right', width: 0.9 },
          ],
          rows: rows.map((row) => ({
            cells: [
              row.date,
              row.close.toFixed(2),
              row.ma === null ? '' : row.ma.toFixed(2),
              signedCell((row.close / (row.prev || row.close) - 1) * 100, 1),
            ],
          })),
          status: `${weekly.x.length - start} rows · Export CSV`,
        },
      ],
    };
  },
};

// T3 Performance by Year ----------------------------------------------------------------------

SPECS['performance-by-year-1.png'] = {
  title: 'Performance by Year',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '1990'],
    ['To', '2023'],
  ],
  chart: () => {
    const yearly = yearlyReturns(sp500());
    const years = Array.from({ length: 34 }, (_, i) => 1990 + i);
    const values = years.map((y) => round(yearly.get(y) ?? 0, 1));
    const avg = mean(values);
    return {
      kind: 'bar',
      heading: 'S&P 500 calendar-year price return, %',
      categories: years.map(String),
      rotateLabels: true,
      series: [{ name: 'Return', values, color: COLORS.up, negativeColor: COLORS.down }],
      y: { format: pctAxis(0) },
      hLines: [{ value: avg, label: `Average ${pct(avg, 1)}`, color: '#1e3a8a' }],
    };
  },
};

// T4 Employment -------------------------------------------------------------------------------

SPECS['employment-1.png'] = {
  title: 'Employment',
  inputs: [
    ['Series', 'Nonfarm payrolls, unemployment rate'],
    ['From', '2015-01'],
    ['To', '2024-04'],
  ],
  chart: (rng) => {
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
};

SPECS['employment-2.png'] = {
  title: 'Employment',
  inputs: [
    ['Series', 'Initial jobless claims'],
    ['From', '2019-01-05'],
    ['To', '2024-05-25'],
    ['Average', '4 weeks'],
  ],
  chart: (rng) => {
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

// T5 Inflation --------------------------------------------------------------------------------

SPECS['inflation-1.png'] = {
  title: 'Inflation',
  inputs: [
    ['Measures', 'CPI, Core CPI, PCE, Core PCE'],
    ['From', '2000-01'],
    ['To', '2024-04'],
    ['Change', 'Year over year'],
  ],
  chart: () => {
    const x = monthlyX(2000, 2024.25);
    const cpi = levels(
      'cpi',
      x,
      [
        [2000, 2.7],
        [2000.5, 3.7],
        [2002, 1.2],
        [2003, 2.6],
        [2005.7, 4.7],
        [2006.9, 2.0],
        [2008.5, 5.5],
        [2009.5, -2.0],
        [2010, 2.6],
        [2010.9, 1.1],
        [2011.7, 3.9],
        [2013, 1.6],
        [2015, 0.0],
        [2016.9, 2.1],
        [2018.5, 2.9],
        [2019.5, 1.7],
        [2020.35, 0.2],
        [2021.5, 5.3],
        [2022.45, 9.0],
        [2023.45, 3.1],
        [2024.25, 3.4],
      ],
      0.5,
      -3,
    );
    const core = levels(
      'core-cpi',
      x,
      [
        [2000, 2.0],
        [2002, 2.6],
        [2003.9, 1.1],
        [2006.8, 2.9],
        [2008.7, 2.5],
        [2010.8, 0.6],
        [2012.3, 2.3],
        [2015, 1.7],
        [2016.5, 2.3],
        [2018.5, 2.3],
        [2020.4, 1.2],
        [2021.5, 4.5],
        [2022.7, 6.6],
        [2024.25, 3.6],
      ],
      0.25,
      -1,
    );
    const pce = cpi.map((v, i) => v * 0.82 + 0.15 + Math.sin(i / 7) * 0.08);
    const corePce = core.map((v, i) => v * 0.85 + 0.05 + Math.cos(i / 9) * 0.05);
    return {
      kind: 'line',
      heading: 'Inflation, % change from a year earlier',
      x,
      y: { format: pctAxis(0) },
      series: [
        { name: 'CPI', values: cpi, width: 1.8 },
        { name: 'Core CPI', values: core, width: 1.8 },
        { name: 'PCE', values: pce, width: 1.8 },
        { name: 'Core PCE', values: corePce, width: 1.8 },
      ],
      hLines: [
        { value: 2, label: '2% target', color: '#111827', dash: '6 4' },
        { value: 0, color: '#6b7280', dash: '2 0' },
      ],
    };
  },
};

SPECS['inflation-2.png'] = {
  title: 'Inflation',
  inputs: [
    ['Measure', 'Core CPI'],
    ['From', '2021-05'],
    ['To', '2024-04'],
    ['Change', 'Month over month'],
  ],
  views: ['Chart', 'Table'],
  chart: (rng) => {
    const months: string[] = [];
    const values: number[] = [];
    for (let i = 0; i < 36; i++) {
      const m = 4 + i;
      const year = 2021 + Math.floor(m / 12);
      months.push(`${MONTHS[m % 12] ?? ''} ${String(year).slice(2)}`);
      const base = i < 14 ? 0.55 - i * 0.01 : 0.42 - (i - 14) * 0.006;
      values.push(round(Math.max(0.1, base + rng.normal() * 0.09), 1));
    }
    const rows = months
      .map((m, i) => ({
        m,
        v: values[i] ?? 0,
        yoy: values.slice(Math.max(0, i - 11), i + 1).reduce((a, b) => a + b, 0),
      }))
      .slice(-20)
      .reverse();
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.66, 0.34],
      children: [
        {
          kind: 'bar',
          heading: 'Core CPI, % change from previous month',
          categories: months,
          labelEvery: 3,
          series: [{ name: 'Core CPI m/m', values, color: '#0891b2' }],
          y: { format: pctAxis(1), min: 0 },
          valueLabels: false,
        },
        {
          kind: 'table',
          heading: 'Data',
          fontSize: 12,
          rowHeight: 25,
          columns: [
            { header: 'Month', width: 1.1 },
            { header: 'm/m %', align: 'right' },
            { header: '12-mo sum', align: 'right' },
          ],
          rows: rows.map((r) => ({ cells: [r.m, r.v.toFixed(1), r.yoy.toFixed(1)] })),
          status: '36 rows · Export CSV',
        },
      ],
    };
  },
};

// T6 Retail Sales -----------------------------------------------------------------------------

function retailSales(): { x: number[]; total: number[]; control: number[] } {
  const x = monthlyX(2010, 2024.25);
  const anchors: [number, number][] = [
    [2010, 355],
    [2015, 440],
    [2019.9, 530],
    [2020.15, 520],
    [2020.3, 415],
    [2020.5, 535],
    [2021.25, 620],
    [2022.5, 685],
    [2024.25, 705],
  ];
  const total = bridge(new Rng('retail'), x, anchors, 0.03, true);
  const control = bridge(
    new Rng('retail-control'),
    x,
    anchors.map(([t, v]) => [t, v * 0.72 + (t > 2020.2 && t < 2020.4 ? 25 : 0)] as [number, number]),
    0.02,
    true,
  );
  return { x, total, control };
}

SPECS['retail-sales-1.png'] = {
  title: 'Retail Sales',
  inputs: [
    ['Series', 'Retail sales, control group'],
    ['From', '2010-01'],
    ['To', '2024-04'],
    ['Adjustment', 'Seasonally adjusted'],
  ],
  chart: () => {
    const r = retailSales();
    return {
      kind: 'line',
      heading: 'US retail sales, billions of dollars per month',
      x: r.x,
      y: { format: (v) => `$${v.toFixed(0)}B` },
      series: [
        { name: 'Retail and food services', values: r.total, width: 2 },
        { name: 'Control group', values: r.control, width: 2 },
      ],
    };
  },
};

SPECS['retail-sales-2.png'] = {
  title: 'Retail Sales',
  inputs: [
    ['Series', 'Retail sales'],
    ['From', '2019-01'],
    ['To', '2024-04'],
    ['Change', 'Year over year'],
  ],
  chart: () => {
    const r = retailSales();
    const yoy = change(r.total, 12);
    const start = r.x.findIndex((t) => t >= 2019 - 1e-9);
    const values = yoy.slice(start).map((v) => round(v ?? 0, 1));
    const categories = r.x
      .slice(start)
      .map((t) => (Math.round((t % 1) * 12) === 0 ? String(Math.round(t)) : ''));
    return {
      kind: 'bar',
      heading: 'Retail sales, % change from a year earlier',
      categories,
      series: [{ name: 'y/y %', values, color: COLORS.up, negativeColor: COLORS.down }],
      y: { format: pctAxis(0) },
    };
  },
};

// T7 M2 Money Supply --------------------------------------------------------------------------

function m2(): { x: number[]; values: number[] } {
  const x = monthlyX(1989, 2024.25);
  const values = bridge(
    new Rng('m2'),
    x,
    [
      [1989, 3.0],
      [1994, 3.5],
      [2000, 4.6],
      [2008, 7.6],
      [2012, 10.0],
      [2020.1, 15.4],
      [2020.5, 18.2],
      [2022.25, 21.7],
      [2023.8, 20.7],
      [2024.25, 20.9],
    ],
    0.01,
    true,
  );
  return { x, values };
}

SPECS['m2-money-supply-1.png'] = {
  title: 'M2 Money Supply',
  inputs: [
    ['Series', 'M2'],
    ['Compare', '^GSPC  S&P 500'],
    ['From', '2000-01'],
    ['To', '2024-04'],
  ],
  chart: () => {
    const money = m2();
    const start = money.x.findIndex((t) => t >= 2000 - 1e-9);
    const x = money.x.slice(start);
    const spx = x.map((t) => valueAt(sp500(), t));
    return {
      kind: 'line',
      heading: 'M2 money supply, trillions of dollars, and the S&P 500 (log scale, right)',
      x,
      y: { format: (v) => `$${v.toFixed(0)}T`, label: 'M2, $ trillions', min: 0 },
      y2: { log: true, format: num(0), label: `${SP} (log)` },
      series: [
        { name: 'M2', values: money.values.slice(start), width: 2.5, color: PALETTE[2] },
        { name: `${SP} (right)`, values: spx, width: 1.5, axis: 'right', color: '#334155' },
      ],
    };
  },
};

SPECS['m2-money-supply-2.png'] = {
  title: 'M2 Money Supply',
  inputs: [
    ['Series', 'M2'],
    ['Compare', '^GSPC  S&P 500'],
    ['From', '1990-01'],
    ['To', '2024-04'],
    ['Change', 'Year over year'],
  ],
  chart: () => {
    const money = m2();
    const yoy = change(money.values, 12);
    const start = money.x.findIndex((t) => t >= 1990 - 1e-9);
    const x = money.x.slice(start);
    const spxMonthly = money.x.map((t) => valueAt(sp500(), t));
    const spxYoy = change(spxMonthly, 12).slice(start);
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.5, 0.5],
      children: [
        {
          kind: 'line',
          heading: 'M2, % change from a year earlier',
          x,
          y: { format: pctAxis(0), count: 5 },
          series: [{ name: 'M2 y/y', values: yoy.slice(start), area: true, color: PALETTE[2], width: 1.8 }],
          hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
        },
        {
          kind: 'line',
          heading: `${SP}, % change from a year earlier`,
          x,
          y: { format: pctAxis(0), count: 5 },
          series: [{ name: `${SP} y/y`, values: spxYoy, color: '#334155', width: 1.6 }],
          hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
        },
      ],
    };
  },
};

// T8 Fed Funds Rate ---------------------------------------------------------------------------

/** Target range decisions: [date, new lower bound]; upper bound is lower + 0.25. */
const FOMC: [string, number][] = [
  ['2008-01-22', 3.25],
  ['2008-01-30', 2.75],
  ['2008-03-18', 2.0],
  ['2008-04-30', 1.75],
  ['2008-10-08', 1.25],
  ['2008-10-29', 0.75],
  ['2008-12-16', 0],
  ['2015-12-16', 0.25],
  ['2016-12-14', 0.5],
  ['2017-03-15', 0.75],
  ['2017-06-14', 1.0],
  ['2017-12-13', 1.25],
  ['2018-03-21', 1.5],
  ['2018-06-13', 1.75],
  ['2018-09-26', 2.0],
  ['2018-12-19', 2.25],
  ['2019-07-31', 2.0],
  ['2019-09-18', 1.75],
  ['2019-10-30', 1.5],
  ['2020-03-03', 1.0],
  ['2020-03-15', 0],
  ['2022-03-16', 0.25],
  ['2022-05-04', 0.75],
  ['2022-06-15', 1.5],
  ['2022-07-27', 2.25],
  ['2022-09-21', 3.0],
  ['2022-11-02', 3.75],
  ['2022-12-14', 4.25],
  ['2023-02-01', 4.5],
  ['2023-03-22', 4.75],
  ['2023-05-03', 5.0],
  ['2023-07-26', 5.25],
];

function decimalYear(iso: string): number {
  const t = Date.parse(iso + 'T00:00:00Z');
  const year = Number(iso.slice(0, 4));
  const start = Date.UTC(year, 0, 1);
  return year + (t - start) / (Date.UTC(year + 1, 0, 1) - start);
}

SPECS['fed-funds-rate-1.png'] = {
  title: 'Fed Funds Rate',
  inputs: [
    ['Series', 'Target range, effective rate'],
    ['From', '2008-01-01'],
    ['To', '2024-05-31'],
  ],
  views: ['Chart', 'Decisions'],
  chart: (rng) => {
    const x = timeline(2008, 2024.41, 104);
    let lower = 3.5;
    const lowers = x.map((t) => {
      for (const [date, value] of FOMC) if (decimalYear(date) <= t) lower = value;
      return lower;
    });
    // Effective rate sits inside the range: near the bottom at zero bound, mid-range otherwise.
    const effective = lowers.map((l) =>
      round(l + (l === 0 ? 0.09 : 0.08) + Math.abs(rng.normal()) * 0.02, 2),
    );
    return {
      kind: 'line',
      heading: 'Federal funds target range and effective rate, %',
      x,
      y: { format: pctAxis(1), min: 0, max: 6 },
      ranges: [
        {
          name: 'Target range',
          lower: lowers,
          upper: lowers.map((l) => l + 0.25),
          color: '#60a5fa',
          opacity: 0.55,
        },
      ],
      series: [{ name: 'Effective fed funds rate', values: effective, color: '#1e3a8a', width: 1.6 }],
    };
  },
};

SPECS['fed-funds-rate-2.png'] = {
  title: 'Fed Funds Rate',
  inputs: [
    ['From', '2015-01-01'],
    ['To', '2024-05-31'],
    ['Show', 'Rate changes only'],
  ],
  views: ['Chart', 'Decisions'],
  activeView: 'Decisions',
  chart: () => {
    const rows = FOMC.map(([date, lower], i) => {
      const prev = i === 0 ? 3.5 : (FOMC[i - 1]?.[1] ?? 0);
      return { date, prev, lower };
    })
      .filter((r) => r.date >= '2015')
      .reverse();
    const range = (l: number) => `${l.toFixed(2)}% – ${(l + 0.25).toFixed(2)}%`;
    return {
      kind: 'table',
      heading: 'FOMC decisions',
      columns: [
        { header: 'Meeting date', width: 1.2 },
        { header: 'Old target range', align: 'right', width: 1.4 },
        { header: 'New target range', align: 'right', width: 1.4 },
        { header: 'Change (bp)', align: 'right' },
        { header: 'Decision', width: 1 },
      ],
      rows: rows.map((r) => {
        const bp = Math.round((r.lower - r.prev) * 100);
        return {
          cells: [
            fmtDate(r.date),
            range(r.prev),
            range(r.lower),
            signedCell(bp, 0, ''),
            { text: bp > 0 ? 'Hike' : 'Cut', color: bp > 0 ? COLORS.down : COLORS.up, bold: true },
          ],
        };
      }),
      status: `${rows.length} rate changes since 2015 · Export CSV`,
    };
  },
};

// T9 Housing ----------------------------------------------------------------------------------

SPECS['housing-1.png'] = {
  title: 'Housing',
  inputs: [
    ['Series', 'Housing starts, building permits'],
    ['From', '2000-01'],
    ['To', '2024-04'],
  ],
  chart: () => {
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
};

SPECS['housing-2.png'] = {
  title: 'Housing',
  inputs: [
    ['Series', 'Existing home sales, 30-yr mortgage rate'],
    ['From', '2015-01'],
    ['To', '2024-04'],
  ],
  chart: () => {
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

// T10 Analyst Price Targets -------------------------------------------------------------------

interface TargetChange {
  date: string;
  firm: string;
  rating: string;
  previous: number;
  next: number;
}

function targetHistory(): { series: DailySeries; changes: TargetChange[] } {
  const rng = new Rng('acme-targets');
  const series = slice(acme(), 2022.41);
  const changes: TargetChange[] = [];
  const targets = new Map<string, number>();
  FIRMS.forEach((firm) => targets.set(firm, round((series.values[0] ?? 100) * rng.range(1.05, 1.35), 0)));
  for (let i = 15; i < series.x.length; i += rng.int(8, 18)) {
    const firm = rng.pick(FIRMS);
    const price = series.values[i] ?? 100;
    const previous = targets.get(firm) ?? price;
    const next = round(price * rng.range(0.95, 1.4), 0);
    targets.set(firm, next);
    changes.push({
      date: series.dates[i] ?? '',
      firm,
      rating: next > price * 1.12 ? 'Buy' : next < price ? 'Sell' : 'Hold',
      previous,
      next,
    });
  }
  return { series, changes };
}

SPECS['price-targets-1.png'] = {
  title: 'Analyst Price Targets',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Range', '2 years'],
    ['Targets', 'Mean, high, low'],
  ],
  views: ['Chart', 'Targets'],
  chart: () => {
    const { series, changes } = targetHistory();
    const current = new Map<string, number>();
    const mean12: number[] = [];
    const hi: number[] = [];
    const lo: number[] = [];
    let c = 0;
    const first = (series.values[0] ?? 100) * 1.2;
    FIRMS.forEach((f, i) => current.set(f, first * (0.88 + i * 0.025)));
    series.dates.forEach((date) => {
      while (c < changes.length && (changes[c]?.date ?? '') <= date) {
        const ch = changes[c];
        if (ch) current.set(ch.firm, ch.next);
        c++;
      }
      const values = [...current.values()];
      mean12.push(mean(values));
      hi.push(Math.max(...values));
      lo.push(Math.min(...values));
    });
    return {
      kind: 'line',
      heading: 'ACME daily close and analyst 12-month price targets, USD',
      x: series.x,
      y: { format: (v) => `$${v.toFixed(0)}` },
      ranges: [{ name: 'High–low target range', lower: lo, upper: hi, color: '#93c5fd', opacity: 0.4 }],
      series: [
        { name: 'Mean target', values: mean12, step: true, color: PALETTE[0], width: 2.2 },
        { name: 'ACME close', values: series.values, color: '#334155', width: 1.4 },
      ],
    };
  },
};

SPECS['price-targets-2.png'] = {
  title: 'Analyst Price Targets',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Range', '2 years'],
    ['Last price', '$176.12'],
  ],
  views: ['Chart', 'Targets'],
  activeView: 'Targets',
  chart: () => {
    const { series, changes } = targetHistory();
    const last = series.values[series.values.length - 1] ?? 100;
    return {
      kind: 'table',
      heading: 'Individual price targets',
      columns: [
        { header: 'Date', width: 1.1 },
        { header: 'Firm', width: 1.8 },
        { header: 'Rating', width: 0.8 },
        { header: 'Previous target', align: 'right' },
        { header: 'New target', align: 'right' },
        { header: 'Implied change', align: 'right' },
      ],
      rows: [...changes].reverse().map((ch) => ({
        cells: [
          ch.date,
          ch.firm,
          ch.rating,
          `$${ch.previous.toFixed(0)}`,
          { text: `$${ch.next.toFixed(0)}`, bold: true },
          signedCell((ch.next / last - 1) * 100, 1),
        ],
      })),
      status: `${changes.length} target changes · implied change vs last price $${last.toFixed(2)}`,
    };
  },
};

// T11 Upgrades and Downgrades -----------------------------------------------------------------

const RATINGS = ['Sell', 'Underperform', 'Hold', 'Outperform', 'Buy'];

function ratingChanges(): {
  series: DailySeries;
  events: { i: number; firm: string; from: string; to: string; action: string }[];
} {
  const rng = new Rng('acme-ratings');
  const series = slice(acme(), 2021.41);
  const events: { i: number; firm: string; from: string; to: string; action: string }[] = [];
  for (let i = 20; i < series.x.length - 5; i += rng.int(25, 60)) {
    const from = rng.int(0, 4);
    const up = from === 0 ? true : from === 4 ? false : rng.next() < 0.55;
    const to = up ? from + 1 : from - 1;
    events.push({
      i,
      firm: rng.pick(FIRMS),
      from: RATINGS[from] ?? '',
      to: RATINGS[to] ?? '',
      action: up ? 'Upgrade' : 'Downgrade',
    });
  }
  return { series, events };
}

SPECS['upgrades-downgrades-1.png'] = {
  title: 'Upgrades and Downgrades',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Range', '3 years'],
    ['Show', 'Upgrades, downgrades'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const { series, events } = ratingChanges();
    return {
      kind: 'line',
      heading: 'ACME daily close, USD, with analyst rating changes',
      x: series.x,
      y: { format: (v) => `$${v.toFixed(0)}` },
      series: [{ name: 'ACME close', values: series.values, color: '#334155', width: 1.4 }],
      markers: events.map((e) => {
        const up = e.action === 'Upgrade';
        const price = series.values[e.i] ?? 0;
        return {
          x: series.x[e.i] ?? 0,
          y: up ? price * 0.93 : price * 1.07,
          shape: up ? ('up' as const) : ('down' as const),
          color: up ? COLORS.up : COLORS.down,
        };
      }),
      legendExtra: [
        { name: 'Upgrade', color: COLORS.up, kind: 'box' },
        { name: 'Downgrade', color: COLORS.down, kind: 'box' },
      ],
    };
  },
};

SPECS['upgrades-downgrades-2.png'] = {
  title: 'Upgrades and Downgrades',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Range', '3 years'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const { series, events } = ratingChanges();
    return {
      kind: 'table',
      heading: 'Rating changes',
      columns: [
        { header: 'Date' },
        { header: 'Firm', width: 1.6 },
        { header: 'Action' },
        { header: 'Previous rating' },
        { header: 'New rating' },
        { header: 'Price on day', align: 'right' },
      ],
      rows: [...events].reverse().map((e) => ({
        cells: [
          series.dates[e.i] ?? '',
          e.firm,
          {
            text: `${e.action === 'Upgrade' ? '▲' : '▼'} ${e.action}`,
            color: e.action === 'Upgrade' ? COLORS.up : COLORS.down,
            bold: true,
          },
          e.from,
          { text: e.to, bold: true },
          `$${(series.values[e.i] ?? 0).toFixed(2)}`,
        ],
      })),
      status: `${events.length} rating changes in 3 years`,
    };
  },
};

// T12 Earnings History ------------------------------------------------------------------------

function quarterlyResults(): { labels: string[]; eps: number[]; revenue: number[]; dates: string[] } {
  const rng = new Rng('acme-earnings');
  const labels = quarterLabels(2018, 3, 24);
  const eps: number[] = [];
  const revenue: number[] = [];
  const dates: string[] = [];
  let e = 0.92;
  let rev = 4.1;
  labels.forEach((label, i) => {
    const q = Number(label[1]);
    const year = Number(label.slice(3));
    const covid = year === 2020 && q === 2 ? 0.62 : 1;
    e = e * (1 + 0.028 + rng.normal() * 0.03);
    rev = rev * (1 + 0.022 + rng.normal() * 0.015);
    eps.push(round(e * covid * (q === 4 ? 1.08 : 1), 2));
    revenue.push(round(rev * (covid === 1 ? 1 : 0.8) * (q === 4 ? 1.06 : 1), 2));
    const reportMonth = q * 3 + 1;
    const reportYear = year + (reportMonth > 12 ? 1 : 0);
    dates.push(
      `${reportYear}-${String(((reportMonth - 1) % 12) + 1).padStart(2, '0')}-${String(20 + (i % 8)).padStart(2, '0')}`,
    );
  });
  return { labels, eps, revenue, dates };
}

SPECS['earnings-1.png'] = {
  title: 'Earnings History',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Period', 'Quarterly'],
    ['Quarters', '20'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const q = quarterlyResults();
    const growth = q.eps
      .map((v, i) => (i >= 4 ? round((v / (q.eps[i - 4] ?? v) - 1) * 100, 1) : null))
      .slice(4);
    return {
      kind: 'bar',
      heading: 'ACME diluted EPS per quarter, USD, and year-over-year growth (right)',
      categories: q.labels.slice(4),
      rotateLabels: true,
      series: [{ name: 'EPS', values: q.eps.slice(4), color: '#3b82f6' }],
      y: { format: (v) => `$${v.toFixed(2)}`, label: 'EPS, USD' },
      overlays: [{ name: 'EPS growth y/y (right)', values: growth, color: PALETTE[1] ?? '', axis: 'right' }],
      y2: { format: pctAxis(0), label: 'Growth y/y' },
    };
  },
};

SPECS['earnings-2.png'] = {
  title: 'Earnings History',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Period', 'Quarterly'],
    ['Quarters', '20'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const q = quarterlyResults();
    const rows = q.labels
      .map((label, i) => ({ label, i }))
      .slice(4)
      .reverse();
    return {
      kind: 'table',
      heading: 'Quarterly results',
      columns: [
        { header: 'Fiscal quarter' },
        { header: 'Report date' },
        { header: 'Revenue', align: 'right' },
        { header: 'Revenue y/y', align: 'right' },
        { header: 'EPS', align: 'right' },
        { header: 'EPS y/y', align: 'right' },
      ],
      rows: rows.map(({ label, i }) => ({
        cells: [
          label,
          q.dates[i] ?? '',
          `$${(q.revenue[i] ?? 0).toFixed(2)}B`,
          signedCell(((q.revenue[i] ?? 0) / (q.revenue[i - 4] ?? 1) - 1) * 100, 1),
          `$${(q.eps[i] ?? 0).toFixed(2)}`,
          signedCell(((q.eps[i] ?? 0) / (q.eps[i - 4] ?? 1) - 1) * 100, 1),
        ],
      })),
      status: '20 quarters · Export CSV',
    };
  },
};

// T13 Financial Statements --------------------------------------------------------------------

SPECS['financial-statements-1.png'] = {
  title: 'Financial Statements',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Statement', 'Income statement'],
    ['Period', 'Annual'],
  ],
  views: ['Income', 'Balance sheet', 'Cash flow'],
  chart: (rng) => {
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
};

SPECS['financial-statements-2.png'] = {
  title: 'Financial Statements',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Statement', 'Cash flow'],
    ['Period', 'Annual'],
    ['Years', '10'],
  ],
  views: ['Income', 'Balance sheet', 'Cash flow'],
  activeView: 'Cash flow',
  chart: (rng) => {
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

// T14 Earnings Beats and Misses ---------------------------------------------------------------

SPECS['beats-and-misses-1.png'] = {
  title: 'Earnings Beats and Misses',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Range', '5 years'],
    ['Measure', 'EPS'],
  ],
  views: ['Estimates vs actual', 'Surprise vs reaction'],
  chart: (rng) => {
    const q = quarterlyResults();
    const labels = q.labels.slice(4);
    const actual = q.eps.slice(4);
    const estimate = actual.map((a) => round(a * (1 - 0.025 - rng.normal() * 0.04), 2));
    const x = labels.map((_, i) => i);
    return {
      kind: 'line',
      heading: 'ACME quarterly EPS: consensus estimate and actual, USD',
      x,
      xMin: -0.6,
      xMax: labels.length - 0.4,
      xTicks: labels.map((label, i) => ({ value: i, label: i % 2 === 0 ? label : '' })),
      y: { format: (v) => `$${v.toFixed(2)}` },
      series: [
        { name: 'Estimate (hollow)', values: estimate, style: 'hollow', color: '#6b7280' },
        { name: 'Actual', values: actual, style: 'dots', color: '#111827', legend: false },
      ],
      markers: actual.map((a, i) => {
        const e = estimate[i] ?? a;
        const beat = a >= e;
        const surprise = ((a - e) / Math.abs(e)) * 100;
        return {
          x: i,
          y: a,
          shape: 'dot' as const,
          color: beat ? COLORS.up : COLORS.down,
          label: `${beat ? 'Beat' : 'Miss'} ${surprise > 0 ? '+' : ''}${surprise.toFixed(0)}%`,
          labelBelow: !beat,
        };
      }),
      legendExtra: [
        { name: 'Actual: beat', color: COLORS.up, kind: 'dot' },
        { name: 'Actual: miss', color: COLORS.down, kind: 'dot' },
      ],
    };
  },
};

SPECS['beats-and-misses-2.png'] = {
  title: 'Earnings Beats and Misses',
  inputs: [
    ['Symbols', 'ACME, 24 peers'],
    ['Range', '10 years'],
    ['Reaction', 'Next trading day'],
  ],
  views: ['Estimates vs actual', 'Surprise vs reaction'],
  activeView: 'Surprise vs reaction',
  chart: (rng) => {
    const points = Array.from({ length: 80 }, () => {
      const surprise = rng.normal() * 5 + 2.5;
      const reaction = surprise * 0.45 + rng.normal() * 3.5;
      return { x: round(surprise, 1), y: round(reaction, 1), color: surprise >= 0 ? COLORS.up : COLORS.down };
    });
    return {
      kind: 'scatter',
      heading: 'EPS surprise vs next-day price change, one point per quarterly report',
      points,
      fit: true,
      pointLabel: 'Report (green beat, red miss)',
      x: { label: 'EPS surprise, % of estimate', format: pctAxis(0) },
      y: { label: 'Next-day price change, %', format: pctAxis(0) },
    };
  },
};

// T15-T17 Performance by Month, Week, Weekday -------------------------------------------------

function monthStats(
  from: number,
  to: number,
): { avg: number[]; med: number[]; win: number[]; matrix: Map<number, (number | null)[]> } {
  const matrix = monthlyReturns(sp500());
  const cols: number[][] = Array.from({ length: 12 }, () => []);
  for (const [year, row] of matrix) {
    if (year < from || year > to) continue;
    row.forEach((v, m) => {
      if (v !== null) cols[m]?.push(v);
    });
  }
  return {
    avg: cols.map((c) => mean(c)),
    med: cols.map((c) => median(c)),
    win: cols.map((c) => (c.filter((v) => v > 0).length / Math.max(1, c.length)) * 100),
    matrix,
  };
}

SPECS['performance-by-month-1.png'] = {
  title: 'Performance by Month',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '1990'],
    ['To', '2023'],
  ],
  chart: () => {
    const s = monthStats(1990, 2023);
    return {
      kind: 'bar',
      heading: 'S&P 500 average monthly return, %, and share of years the month was up (right), 1990–2023',
      categories: MONTHS,
      series: [
        {
          name: 'Average return',
          values: s.avg.map((v) => round(v, 2)),
          color: COLORS.up,
          negativeColor: COLORS.down,
        },
      ],
      valueLabels: true,
      valueFormat: (v) => pct(v, 2, true),
      y: { format: pctAxis(1), label: 'Average return' },
      overlays: [
        {
          name: 'Win rate (right)',
          values: s.win.map((v) => round(v, 0)),
          color: '#1e3a8a',
          axis: 'right',
          style: 'dots',
        },
      ],
      y2: { min: 0, max: 100, format: pctAxis(0), label: 'Years up' },
      legendExtra: [{ name: 'Average return', color: COLORS.up, kind: 'box' }],
      showLegend: true,
    };
  },
};

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

SPECS['performance-by-week-1.png'] = {
  title: 'Performance by Week',
  inputs: [
    ['Symbol', '^NDX  Nasdaq-100'],
    ['From', '2000'],
    ['To', '2023'],
  ],
  views: ['Chart', 'Table'],
  chart: (rng) => {
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
};

SPECS['performance-by-week-2.png'] = {
  title: 'Performance by Week',
  inputs: [
    ['Symbol', '^NDX  Nasdaq-100'],
    ['From', '2000'],
    ['To', '2023'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
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

function weekdayStats(): { name: string; days: number; avg: number; med: number; up: number }[] {
  const s = slice(sp500(), 1999.99, 2024);
  const buckets: number[][] = [[], [], [], [], []];
  s.dates.forEach((date, i) => {
    if (i === 0) return;
    const day = new Date(date + 'T00:00:00Z').getUTCDay();
    const ret = ((s.values[i] ?? 0) / (s.values[i - 1] ?? 1) - 1) * 100;
    const bias = [0, -0.03, 0.025, 0.02, 0.005, 0.012][day] ?? 0;
    buckets[day - 1]?.push(ret + bias);
  });
  return ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((name, i) => {
    const b = buckets[i] ?? [];
    return {
      name,
      days: b.length,
      avg: mean(b),
      med: median(b),
      up: (b.filter((v) => v > 0).length / b.length) * 100,
    };
  });
}

SPECS['performance-by-weekday-1.png'] = {
  title: 'Performance by Weekday',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '2000-01-03'],
    ['To', '2023-12-29'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const s = weekdayStats();
    return {
      kind: 'bar',
      heading: 'S&P 500 average daily return by weekday, %, 2000–2023',
      categories: s.map((d) => d.name),
      series: [
        {
          name: 'Average return',
          values: s.map((d) => round(d.avg, 3)),
          color: COLORS.up,
          negativeColor: COLORS.down,
        },
      ],
      valueLabels: true,
      valueFormat: (v) => pct(v, 3, true),
      y: { format: pctAxis(2) },
    };
  },
};

SPECS['performance-by-weekday-2.png'] = {
  title: 'Performance by Weekday',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '2000-01-03'],
    ['To', '2023-12-29'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const s = weekdayStats();
    const all = {
      days: s.reduce((a, d) => a + d.days, 0),
      avg: mean(s.map((d) => d.avg)),
      med: mean(s.map((d) => d.med)),
      up: mean(s.map((d) => d.up)),
    };
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.5, 0.5],
      children: [
        {
          kind: 'table',
          heading: 'Daily returns by weekday, 2000–2023',
          rowHeight: 34,
          fontSize: 14,
          columns: [
            { header: 'Weekday' },
            { header: 'Days', align: 'right' },
            { header: 'Average return', align: 'right' },
            { header: 'Median return', align: 'right' },
            { header: 'Up days', align: 'right' },
          ],
          rows: [
            ...s.map((d) => ({
              cells: [
                d.name,
                formatNumber(d.days),
                signedCell(d.avg, 3),
                signedCell(d.med, 3),
                `${d.up.toFixed(1)}%`,
              ] as Cell[],
            })),
            {
              cells: [
                'All days',
                formatNumber(all.days),
                signedCell(all.avg, 3),
                signedCell(all.med, 3),
                `${all.up.toFixed(1)}%`,
              ],
              bold: true,
              separator: true,
            },
          ],
        },
        {
          kind: 'bar',
          heading: 'Percentage of up days',
          horizontal: true,
          labelWidth: 110,
          categories: s.map((d) => d.name),
          series: [{ name: 'Up days', values: s.map((d) => round(d.up, 1)), color: '#60a5fa' }],
          valueFormat: (v) => `${v.toFixed(1)}%`,
          y: { format: pctAxis(0), min: 0, max: 60 },
          hLines: [{ value: 50, label: '50%', color: '#111827' }],
        },
      ],
    };
  },
};

// T18 Performance by President ----------------------------------------------------------------

const PRESIDENTS: { name: string; party: 'R' | 'D'; start: string; end: string }[] = [
  { name: 'Eisenhower', party: 'R', start: '1953-01-20', end: '1961-01-20' },
  { name: 'Kennedy', party: 'D', start: '1961-01-20', end: '1963-11-22' },
  { name: 'Johnson', party: 'D', start: '1963-11-22', end: '1969-01-20' },
  { name: 'Nixon', party: 'R', start: '1969-01-20', end: '1974-08-09' },
  { name: 'Ford', party: 'R', start: '1974-08-09', end: '1977-01-20' },
  { name: 'Carter', party: 'D', start: '1977-01-20', end: '1981-01-20' },
  { name: 'Reagan', party: 'R', start: '1981-01-20', end: '1989-01-20' },
  { name: 'G. H. W. Bush', party: 'R', start: '1989-01-20', end: '1993-01-20' },
  { name: 'Clinton', party: 'D', start: '1993-01-20', end: '2001-01-20' },
  { name: 'G. W. Bush', party: 'R', start: '2001-01-20', end: '2009-01-20' },
  { name: 'Obama', party: 'D', start: '2009-01-20', end: '2017-01-20' },
  { name: 'Trump', party: 'R', start: '2017-01-20', end: '2021-01-20' },
  { name: 'Biden', party: 'D', start: '2021-01-20', end: '2024-05-31' },
];

const PARTY_COLOR = { R: '#dc2626', D: '#2563eb' };

function presidentReturns(): {
  name: string;
  party: 'R' | 'D';
  start: string;
  end: string;
  total: number;
  annual: number;
}[] {
  const s = sp500();
  return PRESIDENTS.map((p) => {
    const a = valueAt(s, decimalYear(p.start));
    const b = valueAt(s, decimalYear(p.end));
    const years = decimalYear(p.end) - decimalYear(p.start);
    return { ...p, total: (b / a - 1) * 100, annual: (Math.pow(b / a, 1 / years) - 1) * 100 };
  });
}

SPECS['performance-by-president-1.png'] = {
  title: 'Performance by President',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Since', '1953'],
    ['Return', 'Annualized, price only'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const rows = presidentReturns();
    return {
      kind: 'bar',
      heading: 'S&P 500 annualized price return during each presidency, %',
      horizontal: true,
      labelWidth: 230,
      categories: rows.map((p) => `${p.name} (${p.party}) ${p.start.slice(0, 4)}–${p.end.slice(2, 4)}`),
      colors: rows.map((p) => PARTY_COLOR[p.party]),
      series: [{ name: 'Annualized return', values: rows.map((p) => round(p.annual, 1)) }],
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
      legendExtra: [
        { name: 'Republican', color: PARTY_COLOR.R, kind: 'box' },
        { name: 'Democrat', color: PARTY_COLOR.D, kind: 'box' },
      ],
    };
  },
};

SPECS['performance-by-president-2.png'] = {
  title: 'Performance by President',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Since', '1953'],
    ['Return', 'Price only'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const rows = presidentReturns();
    const summary = (party: 'R' | 'D', label: string) => {
      const list = rows.filter((p) => p.party === party);
      return {
        cells: [
          `${label} (${list.length} presidents)`,
          party,
          '',
          '',
          signedCell(mean(list.map((p) => p.total)), 1),
          signedCell(mean(list.map((p) => p.annual)), 1),
        ] as Cell[],
        bold: true,
        bg: '#f3f4f6',
      };
    };
    return {
      kind: 'table',
      heading: 'S&P 500 during each presidency',
      rowHeight: 28,
      columns: [
        { header: 'President', width: 1.8 },
        { header: 'Party', width: 0.6 },
        { header: 'Start' },
        { header: 'End' },
        { header: 'Total return', align: 'right' },
        { header: 'Annualized', align: 'right' },
      ],
      rows: [
        ...rows.map((p) => ({
          cells: [
            p.name,
            { text: p.party, color: PARTY_COLOR[p.party], bold: true },
            p.start,
            p.end,
            signedCell(p.total, 1),
            signedCell(p.annual, 1),
          ] as Cell[],
        })),
        { ...summary('R', 'Republican average'), separator: true },
        summary('D', 'Democratic average'),
      ],
    };
  },
};

// T19 Holiday Performance ---------------------------------------------------------------------

const HOLIDAYS = [
  "New Year's Day",
  'MLK Day',
  "Presidents' Day",
  'Good Friday',
  'Memorial Day',
  'Independence Day',
  'Labor Day',
  'Thanksgiving',
  'Christmas',
];

function holidayStats(rng: Rng): { days: number[][]; up: number[][] } {
  const days = HOLIDAYS.map(() =>
    [-3, -2, -1, 1, 2, 3].map((d) =>
      round((d === -1 ? 0.18 : d === 1 ? 0.09 : 0.04) + rng.normal() * 0.09, 2),
    ),
  );
  const up = days.map((row) => row.map((v) => round(53 + v * 60 + rng.normal() * 3, 0)));
  return { days, up };
}

SPECS['holiday-performance-1.png'] = {
  title: 'Holiday Performance',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '1990'],
    ['To', '2023'],
    ['Window', '3 days'],
  ],
  views: ['Chart', 'Table'],
  chart: (rng) => {
    const s = holidayStats(rng);
    const names = [
      '3 days before',
      '2 days before',
      'Day before',
      'Day after',
      '2 days after',
      '3 days after',
    ];
    const colors = ['#bfdbfe', '#60a5fa', '#1d4ed8', '#c2410c', '#fb923c', '#fed7aa'];
    return {
      kind: 'bar',
      heading: 'S&P 500 average return around US market holidays, %, 1990–2023',
      categories: HOLIDAYS,
      series: names.map((name, i) => ({ name, values: s.days.map((row) => row[i] ?? 0), color: colors[i] })),
      y: { format: pctAxis(2) },
    };
  },
};

SPECS['holiday-performance-2.png'] = {
  title: 'Holiday Performance',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '1990'],
    ['To', '2023'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const s = holidayStats(new Rng('holiday-performance-1.png'));
    return {
      kind: 'table',
      heading: 'Day before and day after each market holiday',
      rowHeight: 34,
      fontSize: 14,
      columns: [
        { header: 'Holiday', width: 1.6 },
        { header: 'Day before: avg', align: 'right' },
        { header: 'Day before: up', align: 'right' },
        { header: 'Day after: avg', align: 'right' },
        { header: 'Day after: up', align: 'right' },
        { header: 'Years', align: 'right', width: 0.6 },
      ],
      rows: [
        ...HOLIDAYS.map((h, i) => ({
          cells: [
            h,
            signedCell(s.days[i]?.[2] ?? 0, 2),
            `${s.up[i]?.[2] ?? 0}%`,
            signedCell(s.days[i]?.[3] ?? 0, 2),
            `${s.up[i]?.[3] ?? 0}%`,
            h === 'MLK Day' ? '26' : '34',
          ] as Cell[],
        })),
        {
          cells: ['All trading days', signedCell(0.036, 2), '53%', signedCell(0.036, 2), '53%', '34'],
          bold: true,
          separator: true,
          bg: '#f3f4f6',
        },
      ],
    };
  },
};

// T20 Performance around Rate Changes ---------------------------------------------------------

const FIRST_CUTS = ['1990-07-13', '1995-07-06', '1998-09-29', '2001-01-03', '2007-09-18', '2019-07-31'];

SPECS['rate-change-performance-1.png'] = {
  title: 'Performance around Rate Changes',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Events', 'First cut of each easing cycle'],
    ['Days after', '250'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const s = sp500();
    const x = Array.from({ length: 251 }, (_, i) => i);
    const paths = FIRST_CUTS.map((date) => {
      const i0 = indexAt(s, decimalYear(date));
      const base = s.values[i0] ?? 1;
      return x.map((d) => ((s.values[i0 + d] ?? base) / base - 1) * 100);
    });
    const avg = x.map((d) => mean(paths.map((p) => p[d] ?? 0)));
    const series: LineSeries[] = paths.map((p, i) => ({
      name: FIRST_CUTS[i]?.slice(0, 4) ?? '',
      values: p,
      color: '#9ca3af',
      width: 1.2,
      legend: false,
    }));
    series.push({ name: 'Average of 6 cycles', values: avg, color: PALETTE[0], width: 3 });
    return {
      kind: 'line',
      heading: 'S&P 500 % change after the first rate cut of each easing cycle since 1990',
      x,
      xTicks: [0, 21, 63, 126, 189, 250].map((d) => ({ value: d, label: `${d}` })),
      xLabel: 'Trading days after the first cut',
      y: { format: pctAxis(0) },
      series,
      hLines: [{ value: 0, color: '#374151', dash: '3 3' }],
      markers: paths.map((p, i) => ({
        x: 250,
        y: p[250] ?? 0,
        shape: 'dot' as const,
        color: '#6b7280',
        label: FIRST_CUTS[i]?.slice(0, 4),
      })),
      legendExtra: [{ name: 'Individual cycles', color: '#9ca3af' }],
    };
  },
};

SPECS['rate-change-performance-2.png'] = {
  title: 'Performance around Rate Changes',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Events', 'All rate changes since 2015'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const s = sp500();
    const rows = FOMC.filter(([d]) => d >= '2015').map(([date, lower], i, list) => {
      const prev = i === 0 ? 0 : (list[i - 1]?.[1] ?? 0);
      const t = decimalYear(date);
      const base = valueAt(s, t);
      const after = (months: number) =>
        t + months / 12 > 2024.41 ? null : (valueAt(s, t + months / 12) / base - 1) * 100;
      return { date, bp: Math.round((lower - prev) * 100), r: [after(1), after(3), after(6), after(12)] };
    });
    return {
      kind: 'table',
      heading: 'Fed rate decisions and S&P 500 returns afterwards',
      columns: [
        { header: 'Decision date', width: 1.2 },
        { header: 'Change (bp)', align: 'right' },
        { header: '1 month', align: 'right' },
        { header: '3 months', align: 'right' },
        { header: '6 months', align: 'right' },
        { header: '12 months', align: 'right' },
      ],
      rows: [...rows].reverse().map((r) => ({
        cells: [
          fmtDate(r.date),
          signedCell(r.bp, 0, ''),
          ...r.r.map((v): Cell => (v === null ? { text: '—', color: COLORS.faint } : signedCell(v, 1))),
        ],
      })),
      status: `${rows.length} decisions · returns are price changes of the symbol`,
    };
  },
};

// T21 Performance around Earnings -------------------------------------------------------------

function earningsPaths(): { dates: string[]; paths: number[][] } {
  const s = acme();
  const q = quarterlyResults();
  const dates = q.dates.slice(4);
  const paths = dates.map((date) => {
    const i0 = indexAt(s, decimalYear(date));
    const base = s.values[i0 - 1] ?? 1;
    return Array.from({ length: 21 }, (_, k) => ((s.values[i0 - 11 + k] ?? base) / base - 1) * 100);
  });
  return { dates, paths };
}

SPECS['earnings-performance-1.png'] = {
  title: 'Performance around Earnings',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Reports', 'Last 5 years'],
    ['Window', '−10 to +10 days'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const { paths } = earningsPaths();
    const x = Array.from({ length: 21 }, (_, i) => i - 10);
    const avg = x.map((_, k) => mean(paths.map((p) => p[k] ?? 0)));
    return {
      kind: 'line',
      heading: 'ACME % change relative to the close before each earnings report',
      x,
      xTicks: x.filter((d) => d % 2 === 0).map((d) => ({ value: d, label: d > 0 ? `+${d}` : `${d}` })),
      xLabel: 'Trading days relative to the report',
      y: { format: pctAxis(0) },
      series: [
        ...paths.map((p, i) => ({
          name: `Report ${i + 1}`,
          values: p,
          color: '#cbd5e1',
          width: 1.1,
          legend: false,
        })),
        { name: 'Average of 20 reports', values: avg, color: PALETTE[0], width: 3 },
      ],
      vLines: [{ value: 0, label: 'Report', color: '#111827', dash: '5 3' }],
      hLines: [{ value: 0, color: '#6b7280', dash: '3 3' }],
      legendExtra: [{ name: 'Individual reports', color: '#cbd5e1' }],
    };
  },
};

SPECS['earnings-performance-2.png'] = {
  title: 'Performance around Earnings',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Reports', 'Last 5 years'],
    ['Window', '5 days'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const { dates, paths } = earningsPaths();
    const q = quarterlyResults();
    return {
      kind: 'table',
      heading: 'Returns around each earnings report',
      columns: [
        { header: 'Report date' },
        { header: 'Quarter' },
        { header: '5 days before', align: 'right' },
        { header: 'Reaction', align: 'right' },
        { header: '5 days after', align: 'right' },
        { header: 'Total', align: 'right' },
      ],
      rows: dates
        .map((date, i) => {
          const p = paths[i] ?? [];
          const before = ((1 + 0 / 100) / (1 + (p[5] ?? 0) / 100) - 1) * 100;
          const reaction = p[11] ?? 0;
          const after = ((1 + (p[16] ?? 0) / 100) / (1 + reaction / 100) - 1) * 100;
          return {
            cells: [
              date,
              q.labels[i + 4] ?? '',
              signedCell(before, 1),
              { ...signedCell(reaction, 1), bold: true },
              signedCell(after, 1),
              signedCell(((1 + before / 100) * (1 + (p[16] ?? 0) / 100) - 1) * 100, 1),
            ] as Cell[],
          };
        })
        .reverse(),
      status: 'Reaction = change from the close before the report to the close after it',
    };
  },
};

// T22 Drawdowns -------------------------------------------------------------------------------

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

SPECS['drawdowns-1.png'] = {
  title: 'Drawdowns',
  inputs: [
    ['Symbol', '^IXIC  Nasdaq Composite'],
    ['From', '1990-01-02'],
    ['To', '2024-05-31'],
  ],
  views: ['Underwater', 'Table'],
  chart: () => {
    const s = sample(nasdaq(), 2);
    return {
      kind: 'line',
      heading: 'Nasdaq Composite: % below previous all-time high',
      x: s.x,
      y: { format: pctAxis(0), max: 0 },
      series: [{ name: 'Drawdown', values: drawdown(s.values), color: COLORS.down, area: true, width: 1.2 }],
    };
  },
};

SPECS['drawdowns-2.png'] = {
  title: 'Drawdowns',
  inputs: [
    ['Symbol', '^IXIC  Nasdaq Composite'],
    ['From', '1990-01-02'],
    ['Min depth', '10%'],
  ],
  views: ['Underwater', 'Table'],
  activeView: 'Table',
  chart: () => {
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

// T23 Correlation -----------------------------------------------------------------------------

SPECS['correlation-1.png'] = {
  title: 'Correlation',
  inputs: [
    ['Symbols', 'SPY, QQQ, TLT, GLD, USO'],
    ['Returns', 'Daily'],
    ['Range', '3 years'],
  ],
  views: ['Matrix', 'Rolling'],
  chart: (rng) => {
    const symbols = ['SPY', 'QQQ', 'TLT', 'GLD', 'USO'];
    const base: Record<string, number> = {
      'SPY-QQQ': 0.93,
      'SPY-TLT': 0.05,
      'SPY-GLD': 0.14,
      'SPY-USO': 0.32,
      'QQQ-TLT': 0.12,
      'QQQ-GLD': 0.13,
      'QQQ-USO': 0.2,
      'TLT-GLD': 0.34,
      'TLT-USO': -0.21,
      'GLD-USO': 0.18,
    };
    const corr = (a: string, b: string) =>
      a === b ? 1 : round((base[`${a}-${b}`] ?? base[`${b}-${a}`] ?? 0) + 0, 2);
    Object.keys(base).forEach((k) => (base[k] = (base[k] ?? 0) + rng.normal() * 0.02));
    const pairs = symbols
      .flatMap((a, i) => symbols.slice(i + 1).map((b) => ({ a, b, c: corr(a, b) })))
      .sort((p, q) => q.c - p.c);
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.62, 0.38],
      children: [
        {
          kind: 'heatmap',
          heading: 'Correlation of daily returns, last 3 years',
          labelColumns: [{ header: '', width: 0.8 }],
          valueColumns: symbols,
          rows: symbols.map((a) => ({ labels: [a], values: symbols.map((b) => corr(a, b)), bold: false })),
          saturation: 1,
          palette: 'correlation',
          format: (v) => v.toFixed(2),
          rowHeight: 92,
          fontSize: 16,
        },
        {
          kind: 'table',
          heading: 'Pairs by correlation',
          columns: [
            { header: 'Pair', width: 1.3 },
            { header: 'Correlation', align: 'right' },
          ],
          rows: pairs.map((p) => ({
            cells: [`${p.a} / ${p.b}`, { text: p.c.toFixed(2), color: p.c < 0 ? COLORS.down : COLORS.text }],
          })),
          status: 'Scale: −1 (red) to +1 (blue)',
        },
      ],
    };
  },
};

SPECS['correlation-2.png'] = {
  title: 'Correlation',
  inputs: [
    ['Symbols', 'SPY vs TLT'],
    ['Window', '60 days'],
    ['From', '2005-01-03'],
    ['To', '2024-05-31'],
  ],
  views: ['Matrix', 'Rolling'],
  activeView: 'Rolling',
  chart: () => {
    const x = timeline(2005, 2024.41, 52);
    const c = levels(
      'spy-tlt-corr',
      x,
      [
        [2005, -0.1],
        [2006.5, 0.1],
        [2008, -0.5],
        [2010, -0.55],
        [2012.5, -0.7],
        [2014, -0.4],
        [2016, -0.55],
        [2018.1, 0.1],
        [2018.5, -0.4],
        [2020.2, -0.6],
        [2020.6, 0.1],
        [2021.5, -0.3],
        [2022.5, 0.5],
        [2023.3, 0.3],
        [2023.9, 0.55],
        [2024.41, 0.35],
      ],
      0.45,
      -0.95,
    ).map((v) => Math.min(0.9, v));
    return {
      kind: 'line',
      heading: '60-day rolling correlation of daily returns: S&P 500 (SPY) vs long-term Treasuries (TLT)',
      x,
      y: { min: -1, max: 1, format: num(1) },
      series: [{ name: '60-day correlation', values: c, color: PALETTE[3], width: 1.6, area: true }],
      hLines: [{ value: 0, color: '#111827', dash: '4 3' }],
    };
  },
};

// T24 ETF Overview ----------------------------------------------------------------------------

const SECTOR_WEIGHTS: [string, number][] = [
  ['Information Technology', 31.2],
  ['Financials', 12.6],
  ['Health Care', 11.8],
  ['Consumer Discretionary', 10.1],
  ['Communication Services', 9.2],
  ['Industrials', 8.5],
  ['Consumer Staples', 5.8],
  ['Energy', 3.7],
  ['Utilities', 2.4],
  ['Materials', 2.3],
  ['Real Estate', 2.2],
];

SPECS['etf-overview-1.png'] = {
  title: 'ETF Overview',
  inputs: [
    ['ETF', 'SPY  S&P 500 ETF'],
    ['View', 'Sector weights'],
  ],
  views: ['Sectors', 'Holdings'],
  chart: () => ({
    kind: 'bar',
    heading: 'Sector weights, % of fund assets',
    horizontal: true,
    labelWidth: 190,
    categories: SECTOR_WEIGHTS.map(([s]) => s),
    series: [{ name: 'Weight', values: SECTOR_WEIGHTS.map(([, w]) => w), color: '#3b82f6' }],
    valueFormat: (v) => `${v.toFixed(1)}%`,
    y: { format: pctAxis(0) },
  }),
};

const TOP_HOLDINGS: [string, string, number][] = [
  ['MSFT', 'Microsoft Corp.', 7.1],
  ['AAPL', 'Apple Inc.', 6.2],
  ['NVDA', 'NVIDIA Corp.', 5.9],
  ['AMZN', 'Amazon.com Inc.', 3.8],
  ['META', 'Meta Platforms Inc. Class A', 2.4],
  ['GOOGL', 'Alphabet Inc. Class A', 2.2],
  ['GOOG', 'Alphabet Inc. Class C', 1.9],
  ['BRK.B', 'Berkshire Hathaway Inc. Class B', 1.7],
  ['LLY', 'Eli Lilly and Co.', 1.4],
  ['AVGO', 'Broadcom Inc.', 1.3],
  ['JPM', 'JPMorgan Chase & Co.', 1.3],
  ['TSLA', 'Tesla Inc.', 1.1],
  ['XOM', 'Exxon Mobil Corp.', 1.0],
  ['UNH', 'UnitedHealth Group Inc.', 0.9],
  ['V', 'Visa Inc. Class A', 0.9],
  ['PG', 'Procter & Gamble Co.', 0.8],
  ['MA', 'Mastercard Inc. Class A', 0.8],
  ['COST', 'Costco Wholesale Corp.', 0.8],
];

SPECS['etf-overview-2.png'] = {
  title: 'ETF Overview',
  inputs: [
    ['ETF', 'SPY  S&P 500 ETF'],
    ['View', 'Largest holdings'],
  ],
  views: ['Sectors', 'Holdings'],
  activeView: 'Holdings',
  chart: () => ({
    kind: 'table',
    heading: 'Largest holdings',
    columns: [
      { header: '#', width: 0.4, align: 'right' },
      { header: 'Symbol', width: 0.8 },
      { header: 'Company name', width: 2.6 },
      { header: 'Weight', align: 'right' },
      { header: '', width: 1.6 },
    ],
    rows: TOP_HOLDINGS.map(([sym, name, w], i) => ({
      cells: [
        String(i + 1),
        { text: sym, bold: true },
        name,
        `${w.toFixed(2)}%`,
        { text: '█'.repeat(Math.max(1, Math.round(w * 2.5))), color: '#93c5fd' },
      ],
    })),
    status: 'Top 18 of 503 holdings · 45.3% of assets',
  }),
};

// T25 ETF Comparison --------------------------------------------------------------------------

function etfPaths(): { x: number[]; series: Record<string, number[]> } {
  const x = timeline(2019, 2024.41, 52);
  const mk = (seed: string, anchors: [number, number][], vol: number) =>
    bridge(new Rng(seed), x, anchors, vol, true);
  return {
    x,
    series: {
      SPY: mk(
        'etf-spy',
        [
          [2019, 100],
          [2020.12, 133],
          [2020.22, 89],
          [2021.99, 190],
          [2022.78, 142],
          [2024.41, 212],
        ],
        0.12,
      ),
      QQQ: mk(
        'etf-qqq',
        [
          [2019, 100],
          [2020.12, 150],
          [2020.22, 110],
          [2021.9, 260],
          [2022.98, 166],
          [2024.41, 290],
        ],
        0.16,
      ),
      IWM: mk(
        'etf-iwm',
        [
          [2019, 100],
          [2020.12, 118],
          [2020.22, 70],
          [2021.3, 160],
          [2022.5, 118],
          [2023.8, 113],
          [2024.41, 138],
        ],
        0.18,
      ),
    },
  };
}

SPECS['etf-comparison-1.png'] = {
  title: 'ETF Comparison',
  inputs: [
    ['ETFs', 'SPY, QQQ, IWM'],
    ['Start', '2019-01-02'],
    ['End', '2024-05-31'],
  ],
  views: ['Returns', 'Details'],
  chart: () => {
    const p = etfPaths();
    return {
      kind: 'line',
      heading: 'Cumulative return since 2019-01-02, %',
      x: p.x,
      y: { format: pctAxis(0) },
      series: Object.entries(p.series).map(([name, v]) => ({
        name,
        values: rebase(v, 100).map((z) => z - 100),
        width: 2,
      })),
      hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
    };
  },
};

SPECS['etf-comparison-2.png'] = {
  title: 'ETF Comparison',
  inputs: [
    ['ETFs', 'SPY, QQQ'],
    ['As of', '2024-05-31'],
  ],
  views: ['Returns', 'Details'],
  activeView: 'Details',
  chart: () => {
    const overlap = [
      ['MSFT', 7.1, 8.6],
      ['AAPL', 6.2, 8.4],
      ['NVDA', 5.9, 6.3],
      ['AMZN', 3.8, 5.2],
      ['META', 2.4, 4.8],
      ['GOOGL', 2.2, 2.6],
      ['AVGO', 1.3, 4.6],
      ['TSLA', 1.1, 2.5],
      ['COST', 0.8, 2.5],
    ] as const;
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.36, 0.64],
      children: [
        {
          kind: 'table',
          heading: 'Side by side',
          rowHeight: 32,
          fontSize: 14,
          columns: [
            { header: 'ETF', width: 0.6 },
            { header: 'Name', width: 2 },
            { header: 'Expense ratio', align: 'right' },
            { header: 'Holdings', align: 'right' },
            { header: 'Overlap', align: 'right' },
            { header: '1 year', align: 'right' },
            { header: '3 years', align: 'right' },
            { header: '5 years', align: 'right' },
          ],
          rows: [
            {
              cells: [
                { text: 'SPY', bold: true },
                'S&P 500 ETF',
                '0.09%',
                '503',
                '43% of SPY',
                signedCell(26.1, 1),
                signedCell(31.4, 1),
                signedCell(96.7, 1),
              ],
            },
            {
              cells: [
                { text: 'QQQ', bold: true },
                'Nasdaq-100 ETF',
                '0.20%',
                '101',
                '89% of QQQ',
                signedCell(30.2, 1),
                signedCell(33.8, 1),
                signedCell(152.3, 1),
              ],
            },
          ],
        },
        {
          kind: 'bar',
          heading: 'Largest overlapping holdings, % weight in each ETF',
          categories: overlap.map((o) => o[0]),
          series: [
            { name: 'Weight in SPY', values: overlap.map((o) => o[1]), color: PALETTE[0] },
            { name: 'Weight in QQQ', values: overlap.map((o) => o[2]), color: PALETTE[1] },
          ],
          valueLabels: true,
          valueFormat: (v) => v.toFixed(1),
          y: { format: pctAxis(0) },
        },
      ],
    };
  },
};

// T26 Market Events ---------------------------------------------------------------------------

const CRISES: [string, string, string][] = [
  ['Asian financial crisis', '1997-07-02', '1998-01-12'],
  ['LTCM and Russian default', '1998-08-17', '1998-10-15'],
  ['Dot-com bust', '2000-03-24', '2002-10-09'],
  ['Global financial crisis', '2007-10-09', '2009-03-09'],
  ['European debt crisis', '2011-07-22', '2011-10-03'],
  ['China devaluation scare', '2015-08-11', '2016-02-11'],
  ['Covid-19 crash', '2020-02-19', '2020-03-23'],
  ['2022 rate shock', '2022-01-03', '2022-10-12'],
];

SPECS['market-events-1.png'] = {
  title: 'Market Events',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Events', 'Recessions, financial crises'],
    ['Scale', 'Log'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const s = sample(slice(sp500(), 1990), 3);
    return {
      kind: 'line',
      heading: 'S&P 500 (log scale) with recessions and financial crises',
      x: s.x,
      y: { log: true, format: num(0) },
      bands: [
        ...recessionBands(1990, 2025),
        ...CRISES.map(([, a, b]) => ({
          from: decimalYear(a),
          to: decimalYear(b),
          color: COLORS.crisis,
          opacity: 0.45,
        })),
      ],
      series: [{ name: SP, values: s.values, color: '#1f2937', width: 1.4 }],
      legendExtra: [RECESSION_LEGEND, { name: 'Financial crisis', color: COLORS.crisis, kind: 'box' }],
    };
  },
};

SPECS['market-events-2.png'] = {
  title: 'Market Events',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Events', 'Recessions, financial crises'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const s = sp500();
    const events: [string, string, string][] = [
      ['Recession', '1990-07-01', '1991-03-31'],
      ...CRISES.slice(0, 3),
      ['Recession', '2001-03-01', '2001-11-30'],
      ['Recession', '2007-12-01', '2009-06-30'],
      ...CRISES.slice(3),
      ['Recession', '2020-02-01', '2020-04-30'],
    ];
    events.sort((a, b) => a[1].localeCompare(b[1]));
    return {
      kind: 'table',
      heading: 'Events and S&P 500 moves',
      columns: [
        { header: 'Event', width: 2 },
        { header: 'Type', width: 0.9 },
        { header: 'Start' },
        { header: 'End' },
        { header: 'Change', align: 'right' },
        { header: 'Largest decline', align: 'right' },
      ],
      rows: events.map(([name, a, b]) => {
        const part = slice(s, decimalYear(a), decimalYear(b));
        const changeValue = ((part.values[part.values.length - 1] ?? 1) / (part.values[0] ?? 1) - 1) * 100;
        const worst = Math.min(...drawdown(part.values));
        const recession = name === 'Recession';
        return {
          cells: [
            recession ? `US recession ${a.slice(0, 4)}` : name,
            { text: recession ? 'Recession' : 'Crisis', color: recession ? '#6b7280' : '#c2410c' },
            a,
            b,
            signedCell(changeValue, 1),
            { text: pct(worst, 1), color: COLORS.down },
          ] as Cell[],
        };
      }),
      status: 'Events from Events.csv and the built-in list · change from start to end date',
    };
  },
};

// T27 Oil and Gas -----------------------------------------------------------------------------

SPECS['oil-and-gas-1.png'] = {
  title: 'Oil and Gas',
  inputs: [
    ['Series', 'WTI, Brent'],
    ['From', '2010-01-01'],
    ['To', '2024-05-31'],
  ],
  chart: () => {
    const x = timeline(2010, 2024.41, 52);
    const wti = bridge(
      new Rng('wti'),
      x,
      [
        [2010, 80],
        [2011.3, 110],
        [2012.5, 85],
        [2014.5, 105],
        [2016.1, 29],
        [2018.8, 75],
        [2018.98, 46],
        [2020.0, 60],
        [2020.3, 17],
        [2021.9, 75],
        [2022.2, 115],
        [2022.95, 76],
        [2023.7, 90],
        [2023.95, 71],
        [2024.41, 78],
      ],
      0.3,
      true,
    );
    const spread = levels(
      'brent-wti',
      x,
      [
        [2010, 1],
        [2011.7, 23],
        [2013.5, 4],
        [2014.5, 6],
        [2015.5, 4],
        [2016.5, 1],
        [2018.4, 8],
        [2020.3, 4],
        [2024.41, 4.5],
      ],
      1.5,
      -2,
    );
    const brent = wti.map((v, i) => v + (spread[i] ?? 0));
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.68, 0.32],
      children: [
        {
          kind: 'line',
          heading: 'Crude oil, dollars per barrel',
          x,
          y: { format: (v) => `$${v.toFixed(0)}`, min: 0 },
          series: [
            { name: 'WTI', values: wti, width: 1.6 },
            { name: 'Brent', values: brent, width: 1.6 },
          ],
        },
        {
          kind: 'line',
          heading: 'Brent minus WTI, dollars per barrel',
          x,
          y: { format: (v) => `$${v.toFixed(0)}`, count: 4 },
          series: [{ name: 'Brent − WTI', values: spread, color: PALETTE[4], width: 1.5, area: true }],
        },
      ],
    };
  },
};

SPECS['oil-and-gas-2.png'] = {
  title: 'Oil and Gas',
  inputs: [
    ['Series', 'US commercial crude inventories'],
    ['Year', '2024'],
    ['Range', 'Previous 5 years'],
  ],
  chart: (rng) => {
    const weeks = Array.from({ length: 52 }, (_, i) => i + 1);
    const seasonal = (w: number) =>
      430 + 18 * Math.sin(((w - 8) / 52) * 2 * Math.PI) - 4 * Math.cos(((w - 8) / 26) * 2 * Math.PI);
    const years = Array.from({ length: 5 }, (_, y) =>
      weeks.map(
        (w) => seasonal(w) + (y - 2) * 14 + rng.normal() * 6 + (y === 1 && w > 14 && w < 30 ? 50 : 0),
      ),
    );
    const lo = weeks.map((_, i) => Math.min(...years.map((y) => y[i] ?? 0)));
    const hi = weeks.map((_, i) => Math.max(...years.map((y) => y[i] ?? 0)));
    const avg = weeks.map((_, i) => mean(years.map((y) => y[i] ?? 0)));
    const current = weeks.map((w, i) => (w <= 21 ? (avg[i] ?? 0) - 8 + rng.normal() * 3 : null));
    const monthStarts = MONTHS.map((m, i) => ({ value: 1 + (i * 52) / 12, label: m }));
    return {
      kind: 'line',
      heading: 'US commercial crude oil inventories, millions of barrels, weekly',
      x: weeks,
      xTicks: monthStarts,
      y: { format: num(0), label: 'Million barrels' },
      ranges: [{ name: '2019–2023 range', lower: lo, upper: hi, color: '#94a3b8', opacity: 0.35 }],
      series: [
        { name: '5-year average', values: avg, color: '#475569', dash: '6 4', width: 1.8 },
        { name: '2024', values: current, color: PALETTE[1], width: 3 },
      ],
    };
  },
};

// T28 S&P 500 Browser -------------------------------------------------------------------------

SPECS['sp500-browser-1.png'] = {
  title: 'S&P 500 Browser',
  inputs: [
    ['Group by', 'Sector'],
    ['Sort', 'Market cap'],
    ['Search', ''],
  ],
  chart: (rng) => {
    const groups: [string, [string, string, number][]][] = [
      [
        'Information Technology (67)',
        [
          ['MSFT', 'Microsoft Corp.', 3120],
          ['AAPL', 'Apple Inc.', 2950],
          ['NVDA', 'NVIDIA Corp.', 2700],
          ['AVGO', 'Broadcom Inc.', 620],
        ],
      ],
      [
        'Financials (71)',
        [
          ['BRK.B', 'Berkshire Hathaway Inc.', 890],
          ['JPM', 'JPMorgan Chase & Co.', 570],
          ['V', 'Visa Inc.', 545],
          ['MA', 'Mastercard Inc.', 420],
        ],
      ],
      [
        'Health Care (62)',
        [
          ['LLY', 'Eli Lilly and Co.', 740],
          ['UNH', 'UnitedHealth Group Inc.', 455],
          ['JNJ', 'Johnson & Johnson', 352],
          ['MRK', 'Merck & Co. Inc.', 330],
        ],
      ],
      [
        'Consumer Discretionary (52)',
        [
          ['AMZN', 'Amazon.com Inc.', 1880],
          ['TSLA', 'Tesla Inc.', 570],
          ['HD', 'Home Depot Inc.', 330],
        ],
      ],
    ];
    const rows = groups.flatMap(([group, list]) => [
      { group, cells: [] as Cell[] },
      ...list.map(([sym, name, cap]) => ({
        cells: [
          { text: sym, bold: true },
          name,
          `$${formatNumber(cap * (1 + rng.normal() * 0.02), 0)}B`,
          signedCell(rng.normal() * 12 + 8, 1),
          signedCell(rng.normal() * 20 + 18, 1),
        ] as Cell[],
      })),
    ]);
    return {
      kind: 'table',
      heading: 'S&P 500 constituents by sector',
      rowHeight: 25,
      columns: [
        { header: 'Symbol', width: 0.8 },
        { header: 'Name', width: 2.4 },
        { header: 'Market cap', align: 'right' },
        { header: 'YTD return', align: 'right' },
        { header: '1-year return', align: 'right' },
      ],
      rows,
      status: '503 constituents in 11 sectors · click a row to open the symbol',
    };
  },
};

// T29 Portfolio Values ------------------------------------------------------------------------

const HOLDINGS: [string, number, string, number][] = [
  ['VTI', 180, 'core', 262.1],
  ['SPY', 60, 'core', 527.4],
  ['VXUS', 250, 'core', 61.2],
  ['SCHD', 300, 'dividend', 78.9],
  ['JNJ', 70, 'dividend', 146.7],
  ['PG', 60, 'dividend', 164.2],
  ['O', 150, 'dividend', 53.4],
  ['ACME', 40, 'speculative', 176.1],
  ['ARKK', 120, 'speculative', 45.8],
  ['SOFI', 400, 'speculative', 6.9],
];

SPECS['portfolio-values-1.png'] = {
  title: 'Portfolio Values',
  inputs: [
    ['Portfolio', 'Portfolio.csv'],
    ['Split by', 'Tag'],
    ['From', '2022-06-01'],
    ['To', '2024-05-31'],
  ],
  views: ['Chart', 'Holdings'],
  chart: () => {
    const x = timeline(2022.41, 2024.41, 104);
    const core = bridge(
      new Rng('pf-core'),
      x,
      [
        [2022.41, 98000],
        [2022.78, 86000],
        [2023.5, 104000],
        [2023.82, 97000],
        [2024.41, 122000],
      ],
      0.12,
      true,
    );
    const div = bridge(
      new Rng('pf-div'),
      x,
      [
        [2022.41, 52000],
        [2022.78, 48500],
        [2023.82, 50000],
        [2024.41, 56500],
      ],
      0.1,
      true,
    );
    const spec = bridge(
      new Rng('pf-spec'),
      x,
      [
        [2022.41, 21000],
        [2022.98, 12000],
        [2023.5, 19000],
        [2023.82, 14500],
        [2024.41, 22500],
      ],
      0.35,
      true,
    );
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
};

SPECS['portfolio-values-2.png'] = {
  title: 'Portfolio Values',
  inputs: [
    ['Portfolio', 'Portfolio.csv'],
    ['As of', '2024-05-31'],
  ],
  views: ['Chart', 'Holdings'],
  activeView: 'Holdings',
  chart: () => {
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

// T30 GDP -------------------------------------------------------------------------------------

SPECS['gdp-1.png'] = {
  title: 'GDP',
  inputs: [
    ['Series', 'Real GDP'],
    ['Change', 'Quarterly, annualized'],
    ['From', '2000 Q1'],
    ['To', '2024 Q1'],
  ],
  chart: (rng) => {
    const labels = quarterLabels(2000, 1, 97);
    const values = labels.map((label) => {
      const year = Number(label.slice(3));
      const q = Number(label[1]);
      const t = year + (q - 1) / 4;
      let g = 2.4 + rng.normal() * 1.4;
      if (t >= 2001 && t < 2002) g = rng.normal() * 1.2 - 0.5;
      if (t >= 2008.2 && t < 2009.5) g = -3 - rng.next() * 5;
      if (t === 2020) g = -5.3;
      if (t === 2020.25) g = -28;
      if (t === 2020.5) g = 33;
      if (t === 2020.75) g = 4.2;
      return round(g, 1);
    });
    const shade = RECESSIONS.filter(([a]) => a >= 2000).map(([a, b]) => ({
      from: Math.round((a - 2000) * 4),
      to: Math.round((b - 2000) * 4) - 1,
      color: COLORS.recession,
    }));
    return {
      kind: 'bar',
      heading: 'Real GDP growth, % annualized, quarterly (2020 Q2 and Q3 off scale)',
      categories: labels.map((l) => (l.startsWith('Q1') && Number(l.slice(3)) % 2 === 0 ? l.slice(3) : '')),
      series: [{ name: 'Real GDP growth', values, color: '#3b82f6', negativeColor: COLORS.down }],
      y: { min: -10, max: 10, format: pctAxis(0) },
      shade,
      legendExtra: [RECESSION_LEGEND],
      showLegend: true,
    };
  },
};

SPECS['gdp-2.png'] = {
  title: 'GDP',
  inputs: [
    ['Series', 'Contributions to real GDP growth'],
    ['From', '2021 Q1'],
    ['To', '2024 Q1'],
  ],
  chart: (rng) => {
    const labels = quarterLabels(2021, 1, 13);
    const cons = labels.map(() => round(1.6 + rng.normal() * 1.1, 2));
    const inv = labels.map(() => round(0.3 + rng.normal() * 1.4, 2));
    const gov = labels.map(() => round(0.5 + rng.normal() * 0.35, 2));
    const net = labels.map(() => round(-0.2 + rng.normal() * 0.9, 2));
    const total = labels.map((_, i) =>
      round((cons[i] ?? 0) + (inv[i] ?? 0) + (gov[i] ?? 0) + (net[i] ?? 0), 1),
    );
    return {
      kind: 'bar',
      heading: 'Contributions to real GDP growth, percentage points (annualized)',
      categories: labels,
      stacked: true,
      series: [
        { name: 'Consumption', values: cons, color: PALETTE[0] },
        { name: 'Investment', values: inv, color: PALETTE[1] },
        { name: 'Government', values: gov, color: PALETTE[2] },
        { name: 'Net exports', values: net, color: PALETTE[3] },
      ],
      overlays: [{ name: 'Real GDP growth', values: total, color: '#111827', style: 'dots' }],
      y: { format: num(0) },
    };
  },
};

// T31 Company Overview ------------------------------------------------------------------------

SPECS['company-overview-1.png'] = {
  title: 'Company Overview',
  inputs: [['Symbol', 'ACME  Acme Corp.']],
  views: ['Profile', 'Valuation'],
  chart: () => ({
    kind: 'split',
    direction: 'row',
    sizes: [0.62, 0.38],
    children: [
      {
        kind: 'profile',
        name: 'Acme Corporation',
        subtitle: 'ACME · NYSE · USD',
        fields: [
          ['Sector', 'Industrials'],
          ['Industry', 'Electrical Equipment'],
          ['Headquarters', 'Springfield, Illinois, USA'],
          ['Employees', '48,200'],
          ['Founded', '1949'],
          ['Fiscal year end', 'December'],
        ],
        description:
          'Acme Corporation designs and manufactures electrical components, automation systems and power management equipment for industrial, commercial and utility customers. The company operates three segments: Power Systems, Automation and Services, and sells through direct sales teams and distributors in more than 60 countries. (Fictional company used for illustration.)',
      },
      {
        kind: 'table',
        heading: 'Key statistics',
        rowHeight: 34,
        columns: [
          { header: 'Measure', width: 1.4 },
          { header: 'Value', align: 'right' },
        ],
        rows: [
          ['Market cap', '$207.8B'],
          ['Last price', '$176.12'],
          ['52-week range', '$118.40 – $181.95'],
          ['Beta (5y)', '1.12'],
          ['Dividend yield', '1.4%'],
          ['Shares outstanding', '1.18B'],
          ['Average volume (3m)', '4.6M'],
          ['Next earnings', 'Jul 24, 2024'],
        ].map(([a, b]) => ({ cells: [a ?? '', b ?? ''] })),
      },
    ],
  }),
};

SPECS['company-overview-2.png'] = {
  title: 'Company Overview',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['Compare', 'Industry median, S&P 500'],
  ],
  views: ['Profile', 'Valuation'],
  activeView: 'Valuation',
  chart: () => {
    const rows: [string, number, number, number][] = [
      ['P/E (trailing 12 months)', 31.4, 24.8, 25.9],
      ['P/E (forward)', 27.2, 21.5, 21.3],
      ['PEG (5-year growth)', 2.1, 1.9, 1.8],
      ['Price / sales', 4.6, 2.8, 2.8],
      ['Price / book', 7.9, 4.2, 4.7],
      ['EV / EBITDA', 19.8, 15.1, 15.6],
      ['EV / sales', 4.9, 3.0, 3.1],
      ['Price / free cash flow', 29.5, 23.0, 24.4],
    ];
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.56, 0.44],
      children: [
        {
          kind: 'table',
          heading: 'Valuation ratios',
          rowHeight: 36,
          fontSize: 14,
          columns: [
            { header: 'Ratio', width: 2 },
            { header: 'ACME', align: 'right' },
            { header: 'Industry', align: 'right' },
            { header: SP, align: 'right' },
          ],
          rows: rows.map(([name, a, b, c]) => ({
            cells: [name, { text: a.toFixed(1), bold: true }, b.toFixed(1), c.toFixed(1)],
          })),
        },
        {
          kind: 'bar',
          heading: 'ACME vs industry median',
          categories: ['P/E', 'Fwd P/E', 'P/S', 'P/B', 'EV/EBITDA'],
          series: [
            { name: 'ACME', values: [31.4, 27.2, 4.6, 7.9, 19.8], color: PALETTE[0] },
            { name: 'Industry', values: [24.8, 21.5, 2.8, 4.2, 15.1], color: '#94a3b8' },
          ],
          y: { format: num(0) },
        },
      ],
    };
  },
};

// T32 Dividends -------------------------------------------------------------------------------

function dividendHistory(): { years: number[]; dps: number[] } {
  const rng = new Rng('acme-dividends');
  const years = Array.from({ length: 20 }, (_, i) => 2004 + i);
  let d = 0.62;
  const dps = years.map((y) => {
    d = d * (y === 2009 ? 1.0 : 1.06 + rng.next() * 0.05);
    return round(d, 2);
  });
  return { years, dps };
}

SPECS['dividends-1.png'] = {
  title: 'Dividends',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['From', '2004'],
    ['To', '2023'],
  ],
  views: ['Chart', 'Payments'],
  chart: (rng) => {
    const h = dividendHistory();
    const yieldValues = h.dps.map((d, i) =>
      round((d / (28 + i * 5.2 + rng.normal() * 4)) * 100 * (h.years[i] === 2008 ? 1.5 : 1), 2),
    );
    return {
      kind: 'bar',
      heading: 'ACME dividends per share by year, USD, and trailing dividend yield (right)',
      categories: h.years.map(String),
      series: [{ name: 'Dividends per share', values: h.dps, color: '#16a34a' }],
      valueLabels: true,
      valueFormat: (v) => v.toFixed(2),
      y: { format: (v) => `$${v.toFixed(2)}`, label: 'USD per share' },
      overlays: [
        { name: 'Dividend yield (right)', values: yieldValues, color: PALETTE[3] ?? '', axis: 'right' },
      ],
      y2: { min: 0, format: pctAxis(1), label: 'Trailing yield' },
    };
  },
};

SPECS['dividends-2.png'] = {
  title: 'Dividends',
  inputs: [
    ['Symbol', 'ACME  Acme Corp.'],
    ['From', '2019'],
    ['To', '2024'],
  ],
  views: ['Chart', 'Payments'],
  activeView: 'Payments',
  chart: () => {
    const h = dividendHistory();
    const rows: Cell[][] = [];
    for (let y = 2024; y >= 2019; y--) {
      const annual = h.dps[y - 2004] ?? (h.dps[h.dps.length - 1] ?? 0) * 1.07;
      for (const [m, pay] of y === 2024
        ? [
            [5, 6],
            [2, 3],
          ]
        : [
            [11, 12],
            [8, 9],
            [5, 6],
            [2, 3],
          ]) {
        const ex = `${y}-${String(m).padStart(2, '0')}-${m === 2 ? '14' : '13'}`;
        const paid = `${y}-${String(pay).padStart(2, '0')}-0${m === 2 ? 7 : 5}`;
        const prevYear = (h.dps[y - 2005] ?? annual) / 4;
        rows.push([
          ex,
          paid,
          { text: `$${(annual / 4).toFixed(4)}`, bold: true },
          'Quarterly',
          signedCell((annual / 4 / prevYear - 1) * 100, 1),
        ]);
      }
    }
    return {
      kind: 'table',
      heading: 'Dividend payments',
      columns: [
        { header: 'Ex-dividend date' },
        { header: 'Payment date' },
        { header: 'Amount per share', align: 'right' },
        { header: 'Frequency' },
        { header: 'Change y/y', align: 'right' },
      ],
      rows: rows.map((cells) => ({ cells })),
      status: `${rows.length} payments · amounts adjusted for splits`,
    };
  },
};

// T33 Journal ---------------------------------------------------------------------------------

const JOURNAL = [
  {
    date: '2024-05-22',
    title: 'Trimmed ACME after earnings',
    text: 'Sold a third of the position into the post-earnings gap; guidance raised but valuation stretched.',
    tag: 'ACME',
  },
  {
    date: '2024-05-01',
    title: 'FOMC: rates unchanged',
    text: 'Statement notes lack of further progress on inflation; balance sheet runoff slowed from June.',
    tag: 'Macro',
  },
  {
    date: '2024-04-15',
    title: 'Watching 10-year at 4.6%',
    text: 'Long yields back near the October high; equities weaker, rate-sensitive sectors lagging.',
    tag: 'Rates',
  },
  {
    date: '2024-03-28',
    title: 'Quarter-end rebalance',
    text: 'Moved 3% from core equities to short-term Treasuries to get back to the 70/30 target.',
    tag: 'Portfolio',
  },
  {
    date: '2024-02-21',
    title: 'Note on semiconductor rally',
    text: 'Sector up strongly year to date; breadth narrow, five names account for most of the gain.',
    tag: 'Sector',
  },
  {
    date: '2024-01-31',
    title: 'Started position in SCHD',
    text: 'Added dividend ETF as a core holding; plan to buy in three tranches over the quarter.',
    tag: 'SCHD',
  },
  {
    date: '2023-12-13',
    title: 'Fed signals cuts for 2024',
    text: 'Dot plot shows three cuts next year; 2-year yield fell sharply, small caps outperformed.',
    tag: 'Macro',
  },
  {
    date: '2023-10-27',
    title: 'ACME sell-off looks overdone',
    text: 'Down 20% from the summer high on margin worries; added a small amount below $125.',
    tag: 'ACME',
  },
  {
    date: '2023-08-02',
    title: 'US credit rating downgrade',
    text: 'One agency lowered the US rating one notch; little lasting effect on Treasury demand.',
    tag: 'Rates',
  },
];

SPECS['journal-1.png'] = {
  title: 'Journal',
  inputs: [
    ['File', 'Journal.csv'],
    ['Filter', 'All entries'],
    ['Sort', 'Newest first'],
  ],
  views: ['List', 'Chart'],
  chart: () => ({ kind: 'list', heading: 'Journal entries (9)', entries: JOURNAL, selected: 0 }),
};

SPECS['journal-2.png'] = {
  title: 'Journal',
  inputs: [
    ['Entry', '2023-10-27  ACME sell-off looks overdone'],
    ['Symbol', 'ACME'],
    ['Window', '± 6 months'],
  ],
  views: ['List', 'Chart'],
  activeView: 'Chart',
  chart: () => {
    const center = decimalYear('2023-10-27');
    const s = slice(acme(), center - 0.5, center + 0.5);
    const entry = JOURNAL[7];
    return {
      kind: 'split',
      direction: 'row',
      sizes: [0.66, 0.34],
      children: [
        {
          kind: 'line',
          heading: 'ACME daily close, USD, centred on the entry date',
          x: s.x,
          y: { format: (v) => `$${v.toFixed(0)}` },
          series: [{ name: 'ACME', values: s.values, color: '#334155', width: 1.6 }],
          vLines: [{ value: center, label: 'Oct 27, 2023', color: PALETTE[1] }],
          markers: [{ x: center, y: valueAt(s, center), shape: 'diamond', color: PALETTE[1] ?? '' }],
        },
        {
          kind: 'note',
          heading: 'Journal entry',
          date: 'Friday, October 27, 2023',
          title: entry?.title ?? '',
          body: `${entry?.text ?? ''} Thesis unchanged: order backlog still growing and the services segment keeps margins up. Revisit after the next report; stop if it closes below $110.`,
          fields: [
            ['Close on date', `$${valueAt(s, center).toFixed(2)}`],
            ['Change since', pct((valueAt(s, center + 0.49) / valueAt(s, center) - 1) * 100, 1, true)],
            ['Tag', 'ACME'],
          ],
        },
      ],
    };
  },
};

// T34 Upcoming Earnings -----------------------------------------------------------------------

const UPCOMING: [string, string, string, string, number, number, number][] = [
  ['VZ', 'Verizon Communications', '2024-07-22', 'Before open', 1.15, 33.1, 1.21],
  ['CLF', 'Cleveland-Cliffs', '2024-07-22', 'After close', 0.11, 5.3, 0.69],
  ['GOOGL', 'Alphabet Inc.', '2024-07-23', 'After close', 1.84, 84.2, 1.44],
  ['TSLA', 'Tesla Inc.', '2024-07-23', 'After close', 0.62, 24.6, 0.91],
  ['KO', 'Coca-Cola Co.', '2024-07-23', 'Before open', 0.81, 11.8, 0.78],
  ['GM', 'General Motors', '2024-07-23', 'Before open', 2.7, 44.3, 1.91],
  ['IBM', 'IBM Corp.', '2024-07-24', 'After close', 2.2, 15.6, 2.18],
  ['T', 'AT&T Inc.', '2024-07-24', 'Before open', 0.57, 30.6, 0.63],
  ['ACME', 'Acme Corp.', '2024-07-24', 'Before open', 1.62, 6.4, 1.41],
  ['NOW', 'ServiceNow', '2024-07-24', 'After close', 3.14, 2.6, 2.37],
  ['HON', 'Honeywell', '2024-07-25', 'Before open', 2.43, 9.4, 2.23],
  ['DOW', 'Dow Inc.', '2024-07-25', 'Before open', 0.76, 11.1, 0.75],
  ['AMZN', 'Amazon.com Inc.', '2024-07-25', 'After close', 1.03, 148.6, 0.65],
  ['MMM', '3M Co.', '2024-07-26', 'Before open', 1.68, 7.9, 2.17],
  ['CL', 'Colgate-Palmolive', '2024-07-26', 'Before open', 0.86, 5.1, 0.8],
  ['NXPI', 'NXP Semiconductors', '2024-07-22', 'After close', 3.2, 3.1, 3.43],
  ['MEDP', 'Medpace Holdings', '2024-07-22', 'After close', 2.64, 0.53, 2.22],
  ['DHR', 'Danaher Corp.', '2024-07-23', 'Before open', 1.57, 5.6, 2.05],
  ['PM', 'Philip Morris Intl.', '2024-07-23', 'Before open', 1.62, 9.0, 1.6],
  ['V', 'Visa Inc.', '2024-07-23', 'After close', 2.42, 9.0, 2.16],
  ['TMO', 'Thermo Fisher', '2024-07-24', 'Before open', 5.13, 10.6, 5.15],
  ['F', 'Ford Motor Co.', '2024-07-24', 'After close', 0.68, 43.5, 0.72],
  ['UNP', 'Union Pacific', '2024-07-25', 'Before open', 2.72, 6.1, 2.57],
  ['CMCSA', 'Comcast Corp.', '2024-07-25', 'Before open', 1.12, 30.0, 1.13],
  ['DXCM', 'DexCom Inc.', '2024-07-25', 'After close', 0.46, 1.1, 0.34],
  ['ABBV', 'AbbVie Inc.', '2024-07-26', 'Before open', 2.64, 14.0, 2.91],
  ['AON', 'Aon plc', '2024-07-26', 'Before open', 2.97, 3.8, 2.76],
];

SPECS['upcoming-earnings-1.png'] = {
  title: 'Upcoming Earnings',
  inputs: [
    ['Week of', 'Jul 22, 2024'],
    ['Universe', 'S&P 500 + watchlist'],
  ],
  views: ['Calendar', 'Table'],
  chart: () => {
    const days = ['2024-07-22', '2024-07-23', '2024-07-24', '2024-07-25', '2024-07-26'];
    const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
    return {
      kind: 'calendar',
      heading: 'Earnings calendar',
      groups: [
        { name: 'BEFORE OPEN', color: '#d97706' },
        { name: 'AFTER CLOSE', color: '#4f46e5' },
      ],
      days: days.map((d, i) => ({
        label: `${names[i] ?? ''} ${fmtDate(d).slice(0, -6)}`,
        entries: UPCOMING.filter((u) => u[2] === d).map((u) => ({
          symbol: u[0],
          name: u[1],
          group: u[3] === 'Before open' ? 'BEFORE OPEN' : 'AFTER CLOSE',
        })),
      })),
    };
  },
};

SPECS['upcoming-earnings-2.png'] = {
  title: 'Upcoming Earnings',
  inputs: [
    ['From', '2024-07-22'],
    ['To', '2024-07-26'],
    ['Universe', 'S&P 500 + watchlist'],
  ],
  views: ['Calendar', 'Table'],
  activeView: 'Table',
  chart: () => ({
    kind: 'table',
    heading: 'Upcoming reports',
    columns: [
      { header: 'Symbol', width: 0.7 },
      { header: 'Company', width: 1.8 },
      { header: 'Date' },
      { header: 'Timing' },
      { header: 'EPS estimate', align: 'right' },
      { header: 'Revenue estimate', align: 'right' },
      { header: 'Year-ago EPS', align: 'right' },
    ],
    rows: UPCOMING.map(([sym, name, date, timing, eps, rev, ago]) => ({
      cells: [
        { text: sym, bold: true },
        name,
        date,
        timing,
        `$${eps.toFixed(2)}`,
        `$${rev.toFixed(1)}B`,
        `$${ago.toFixed(2)}`,
      ],
    })),
    status: `${UPCOMING.length} reports this week`,
  }),
};

// T35 Symbol Comparison -----------------------------------------------------------------------

function comparisonSeries(): { x: number[]; list: { name: string; values: number[] }[] } {
  const x = timeline(2019.41, 2024.41, 52);
  return {
    x,
    list: [
      { name: 'SPY', values: x.map((t) => valueAt(sp500(), t)) },
      { name: 'ACME', values: x.map((t) => valueAt(acme(), t)) },
      {
        name: 'GLD',
        values: bridge(
          new Rng('cmp-gld'),
          x,
          [
            [2019.41, 122],
            [2020.6, 190],
            [2022.8, 152],
            [2023.9, 190],
            [2024.41, 218],
          ],
          0.14,
          true,
        ),
      },
      {
        name: 'TLT',
        values: bridge(
          new Rng('cmp-tlt'),
          x,
          [
            [2019.41, 128],
            [2020.6, 170],
            [2021.9, 148],
            [2022.8, 95],
            [2023.8, 84],
            [2024.41, 89],
          ],
          0.12,
          true,
        ),
      },
    ],
  };
}

SPECS['symbol-comparison-1.png'] = {
  title: 'Symbol Comparison',
  inputs: [
    ['Symbols', 'SPY, ACME, GLD, TLT'],
    ['Start', '2019-05-31'],
    ['Rebase', '100'],
  ],
  views: ['Chart', 'Statistics'],
  chart: () => {
    const c = comparisonSeries();
    return {
      kind: 'line',
      heading: 'Growth of 100 since 2019-05-31',
      x: c.x,
      y: { format: num(0) },
      series: c.list.map((s) => ({ name: s.name, values: rebase(s.values, 100), width: 2 })),
      hLines: [{ value: 100, color: '#374151', dash: '4 3' }],
    };
  },
};

SPECS['symbol-comparison-2.png'] = {
  title: 'Symbol Comparison',
  inputs: [
    ['Symbols', 'SPY, ACME, GLD, TLT'],
    ['Start', '2019-05-31'],
    ['End', '2024-05-31'],
  ],
  views: ['Chart', 'Statistics'],
  activeView: 'Statistics',
  chart: () => {
    const c = comparisonSeries();
    const stats = c.list.map((s) => {
      const first = s.values[0] ?? 1;
      const last = s.values[s.values.length - 1] ?? 1;
      const rets = s.values.slice(1).map((v, i) => Math.log(v / (s.values[i] ?? v)));
      const m = mean(rets);
      const vol = Math.sqrt(mean(rets.map((r) => (r - m) ** 2)) * 52) * 100;
      return {
        name: s.name,
        total: (last / first - 1) * 100,
        annual: (Math.pow(last / first, 1 / 5) - 1) * 100,
        vol,
        mdd: Math.min(...drawdown(s.values)),
      };
    });
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.42, 0.58],
      children: [
        {
          kind: 'table',
          heading: 'Return and risk, 5 years',
          rowHeight: 34,
          fontSize: 14,
          columns: [
            { header: 'Symbol' },
            { header: 'Total return', align: 'right' },
            { header: 'Annualized return', align: 'right' },
            { header: 'Annualized volatility', align: 'right' },
            { header: 'Maximum drawdown', align: 'right' },
          ],
          rows: stats.map((s) => ({
            cells: [
              { text: s.name, bold: true },
              signedCell(s.total, 1),
              signedCell(s.annual, 1),
              `${s.vol.toFixed(1)}%`,
              { text: pct(s.mdd, 1), color: COLORS.down },
            ],
          })),
        },
        {
          kind: 'bar',
          heading: 'Annualized return and volatility, %',
          categories: stats.map((s) => s.name),
          series: [
            { name: 'Annualized return', values: stats.map((s) => round(s.annual, 1)), color: PALETTE[0] },
            { name: 'Annualized volatility', values: stats.map((s) => round(s.vol, 1)), color: '#94a3b8' },
          ],
          valueLabels: true,
          valueFormat: (v) => v.toFixed(1),
          y: { format: pctAxis(0) },
        },
      ],
    };
  },
};

// T36 Bond Spreads ----------------------------------------------------------------------------

SPECS['bond-spreads-1.png'] = {
  title: 'Bond Spreads',
  inputs: [
    ['Series', 'IG OAS, HY OAS'],
    ['From', '2004-01-02'],
    ['To', '2024-05-31'],
  ],
  chart: () => {
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
};

SPECS['bond-spreads-2.png'] = {
  title: 'Bond Spreads',
  inputs: [
    ['Series', 'BB, B, CCC OAS'],
    ['From', '2014-01-02'],
    ['To', '2024-05-31'],
  ],
  chart: () => {
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

// T37 Backtest by Year ------------------------------------------------------------------------

function backtest(): { year: number; hold: number; rule: number; trades: number }[] {
  const s = slice(sp500(), 1998);
  const ma = movingAverage(s.values, 200);
  const out: { year: number; hold: number; rule: number; trades: number }[] = [];
  let invested = true;
  for (let year = 2000; year <= 2023; year++) {
    let hold = 1;
    let rule = 1;
    let trades = 0;
    s.x.forEach((x, i) => {
      if (Math.floor(x) !== year || i === 0) return;
      const r = (s.values[i] ?? 1) / (s.values[i - 1] ?? 1);
      hold *= r;
      if (invested) rule *= r;
      const m = ma[i];
      // Rule: hold when the close is above the 200-day average, with a 1% band against whipsaws.
      const want =
        m === null || m === undefined
          ? true
          : invested
            ? (s.values[i] ?? 0) > m * 0.99
            : (s.values[i] ?? 0) > m * 1.01;
      if (want !== invested) {
        trades++;
        invested = want;
      }
    });
    out.push({ year, hold: (hold - 1) * 100, rule: (rule - 1) * 100, trades });
  }
  return out;
}

SPECS['backtest-by-year-1.png'] = {
  title: 'Backtest by Year',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Rule', 'Close above 200-day MA'],
    ['From', '2000'],
    ['To', '2023'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const b = backtest();
    return {
      kind: 'bar',
      heading: 'Yearly return, %: buy and hold vs 200-day moving average rule',
      categories: b.map((r) => String(r.year)),
      rotateLabels: true,
      series: [
        { name: 'Buy and hold', values: b.map((r) => round(r.hold, 1)), color: '#64748b' },
        { name: '200-day MA rule', values: b.map((r) => round(r.rule, 1)), color: PALETTE[0] },
      ],
      y: { format: pctAxis(0) },
    };
  },
};

SPECS['backtest-by-year-2.png'] = {
  title: 'Backtest by Year',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Rule', 'Close above 200-day MA'],
    ['From', '2000'],
    ['To', '2023'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => ({
    kind: 'table',
    heading: 'Results by year',
    rowHeight: 23,
    fontSize: 12,
    columns: [
      { header: 'Year' },
      { header: 'Buy and hold', align: 'right' },
      { header: '200-day MA rule', align: 'right' },
      { header: 'Difference (pp)', align: 'right' },
      { header: 'Trades', align: 'right' },
    ],
    rows: backtest()
      .reverse()
      .map((r) => ({
        cells: [
          String(r.year),
          signedCell(r.hold, 1),
          signedCell(r.rule, 1),
          signedCell(r.rule - r.hold, 1, ''),
          String(r.trades),
        ],
      })),
    status: 'Trades: switches between the index and cash; no costs or interest on cash',
  }),
};

// T38 Relative Strength -----------------------------------------------------------------------

SPECS['relative-strength-1.png'] = {
  title: 'Relative Strength',
  inputs: [
    ['Symbol', 'ACME'],
    ['Benchmark', '^GSPC  S&P 500'],
    ['From', '2021-05-31'],
    ['To', '2024-05-31'],
  ],
  views: ['Chart', 'Ranking'],
  chart: () => {
    const a = sample(slice(acme(), 2021.41), 2);
    const ratio = a.x.map((x, i) => (a.values[i] ?? 0) / valueAt(sp500(), x));
    const base = ratio[0] ?? 1;
    return {
      kind: 'split',
      direction: 'column',
      sizes: [0.45, 0.55],
      children: [
        {
          kind: 'line',
          heading: 'ACME close, USD',
          x: a.x,
          y: { format: (v) => `$${v.toFixed(0)}`, count: 4 },
          series: [{ name: 'ACME', values: a.values, color: '#334155', width: 1.5 }],
        },
        {
          kind: 'line',
          heading: 'Relative strength: ACME / S&P 500, rebased to 1.00 (rising = outperforming)',
          x: a.x,
          y: { format: num(2), count: 5 },
          series: [
            { name: 'ACME / S&P 500', values: ratio.map((r) => r / base), color: PALETTE[3], width: 2 },
          ],
          hLines: [{ value: 1, color: '#374151', dash: '4 3' }],
        },
      ],
    };
  },
};

SPECS['relative-strength-2.png'] = {
  title: 'Relative Strength',
  inputs: [
    ['Symbols', 'Sector ETFs'],
    ['Benchmark', '^GSPC  S&P 500'],
    ['Rank by', '6 months'],
  ],
  views: ['Chart', 'Ranking'],
  activeView: 'Ranking',
  chart: (rng) => {
    const rows = SECTORS.map(([sym, name]) => {
      const m6 = rng.normal() * 6;
      return { sym, name, m3: m6 * 0.6 + rng.normal() * 3, m6, m12: m6 * 1.2 + rng.normal() * 6 };
    }).sort((a, b) => b.m6 - a.m6);
    return {
      kind: 'heatmap',
      heading: 'Sector ETFs ranked by relative strength vs S&P 500, percentage points of outperformance',
      labelColumns: [
        { header: 'Rank', width: 0.5 },
        { header: 'Symbol', width: 0.7 },
        { header: 'Sector', width: 2 },
      ],
      valueColumns: ['3 months', '6 months', '12 months'],
      rows: rows.map((r, i) => ({
        labels: [String(i + 1), r.sym, r.name],
        values: [round(r.m3, 1), round(r.m6, 1), round(r.m12, 1)],
      })),
      saturation: 10,
      format: (v) => `${v > 0 ? '+' : ''}${formatNumber(v, 1)}`,
      rowHeight: 40,
      fontSize: 14,
    };
  },
};

// T39 Seasonality -----------------------------------------------------------------------------

function seasonalPaths(): { paths: number[][]; current: number[] } {
  const s = sp500();
  const paths: number[][] = [];
  for (let year = 1990; year <= 2023; year++) {
    const i0 = indexAt(s, year) - 1;
    const base = s.values[i0] ?? 1;
    paths.push(Array.from({ length: 252 }, (_, d) => ((s.values[i0 + 1 + d] ?? base) / base - 1) * 100));
  }
  const i0 = indexAt(s, 2024) - 1;
  const base = s.values[i0] ?? 1;
  const current = s.values.slice(i0 + 1).map((v) => (v / base - 1) * 100);
  return { paths, current };
}

const DAY_TICKS: Tick[] = MONTHS.map((m, i) => ({ value: Math.round((i * 252) / 12) + 1, label: m }));

SPECS['seasonality-1.png'] = {
  title: 'Seasonality',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Years', '1990–2023'],
    ['Overlay', '2024'],
  ],
  views: ['Average path', 'Percentile band'],
  chart: () => {
    const { paths, current } = seasonalPaths();
    const x = Array.from({ length: 252 }, (_, i) => i + 1);
    const avg = x.map((_, d) => mean(paths.map((p) => p[d] ?? 0)));
    return {
      kind: 'line',
      heading: 'S&P 500 average cumulative % change by trading day of the year',
      x,
      xTicks: DAY_TICKS,
      xLabel: 'Trading day of the year',
      y: { format: pctAxis(0) },
      series: [
        { name: 'Average 1990–2023', values: avg, color: PALETTE[0], width: 2.5 },
        {
          name: '2024 (to date)',
          values: x.map((_, d) => current[d] ?? null),
          color: PALETTE[1],
          width: 2.5,
        },
      ],
      hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
    };
  },
};

SPECS['seasonality-2.png'] = {
  title: 'Seasonality',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Years', '1990–2023'],
    ['Band', '25th–75th percentile'],
  ],
  views: ['Average path', 'Percentile band'],
  activeView: 'Percentile band',
  chart: () => {
    const { paths } = seasonalPaths();
    const x = Array.from({ length: 252 }, (_, i) => i + 1);
    const col = (d: number) => paths.map((p) => p[d] ?? 0);
    return {
      kind: 'line',
      heading: 'S&P 500 seasonal path: average and 25th–75th percentile of years, cumulative %',
      x,
      xTicks: DAY_TICKS,
      xLabel: 'Trading day of the year',
      y: { format: pctAxis(0) },
      ranges: [
        {
          name: '25th–75th percentile',
          lower: x.map((_, d) => quantile(col(d), 0.25)),
          upper: x.map((_, d) => quantile(col(d), 0.75)),
          color: '#60a5fa',
          opacity: 0.35,
        },
      ],
      series: [
        { name: 'Average', values: x.map((_, d) => mean(col(d))), color: PALETTE[0], width: 2.5 },
        {
          name: 'Median',
          values: x.map((_, d) => median(col(d))),
          color: '#1e3a8a',
          width: 1.5,
          dash: '5 3',
        },
      ],
      hLines: [{ value: 0, color: '#374151', dash: '4 3' }],
    };
  },
};

// T40 Presidential Cycle ----------------------------------------------------------------------

function cycleTable(): { start: number; president: string; values: number[] }[] {
  const yearly = yearlyReturns(sp500());
  const names = [
    'Eisenhower',
    'Eisenhower',
    'Kennedy / Johnson',
    'Johnson',
    'Nixon',
    'Nixon / Ford',
    'Carter',
    'Reagan',
    'Reagan',
    'G. H. W. Bush',
    'Clinton',
    'Clinton',
    'G. W. Bush',
    'G. W. Bush',
    'Obama',
    'Obama',
    'Trump',
    'Biden',
  ];
  return names.map((president, i) => {
    const start = 1953 + i * 4;
    return { start, president, values: [0, 1, 2, 3].map((k) => round(yearly.get(start + k) ?? 0, 1)) };
  });
}

SPECS['presidential-cycle-1.png'] = {
  title: 'Presidential Cycle',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Terms', '1953–2020'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const t = cycleTable().filter((r) => r.start <= 2017);
    const col = (k: number) => t.map((r) => r.values[k] ?? 0);
    return {
      kind: 'bar',
      heading: 'S&P 500 calendar-year return by year of the presidential term, %',
      categories: [
        'Year 1 (post-election)',
        'Year 2 (midterm)',
        'Year 3 (pre-election)',
        'Year 4 (election)',
      ],
      series: [
        { name: 'Average', values: [0, 1, 2, 3].map((k) => round(mean(col(k)), 1)), color: PALETTE[0] },
        { name: 'Median', values: [0, 1, 2, 3].map((k) => round(median(col(k)), 1)), color: '#94a3b8' },
      ],
      valueLabels: true,
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
    };
  },
};

SPECS['presidential-cycle-2.png'] = {
  title: 'Presidential Cycle',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Terms', '1953–2024'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const t = cycleTable();
    return {
      kind: 'heatmap',
      heading: 'Index return in each year of the term, %',
      labelColumns: [
        { header: 'Term', width: 1.1 },
        { header: 'President', width: 1.8 },
      ],
      valueColumns: ['Year 1', 'Year 2', 'Year 3', 'Year 4', 'Term'],
      rows: t.map((r) => {
        const values: (number | null)[] = r.values.map((v, k) => (r.start + k > 2023 ? null : v));
        const done = values.filter((v): v is number => v !== null);
        const term = (done.reduce((a, v) => a * (1 + v / 100), 1) - 1) * 100;
        return { labels: [`${r.start}–${r.start + 3}`, r.president], values: [...values, round(term, 1)] };
      }),
      saturation: 25,
      columnSaturation: [25, 25, 25, 25, 60],
      format: (v) => pct(v, 1, true),
      rowHeight: 28,
    };
  },
};

// T41 S&P 500 Returns by Month and Year -------------------------------------------------------

function monthlyMatrix(): {
  years: number[];
  rows: Map<number, (number | null)[]>;
  yearly: Map<number, number>;
} {
  const rows = monthlyReturns(sp500());
  const yearly = yearlyReturns(sp500());
  return { years: [...rows.keys()].filter((y) => y >= 1990 && y <= 2023), rows, yearly };
}

const HEAT_COLUMNS = [...MONTHS, 'Year'];

SPECS['sp500-monthly-returns-1.png'] = {
  title: 'S&P 500 Returns by Month and Year',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '1990'],
    ['To', '2023'],
  ],
  chart: () => {
    const m = monthlyMatrix();
    return {
      kind: 'heatmap',
      heading: 'Monthly returns, % (green gain, red loss)',
      labelColumns: [{ header: 'Year', width: 0.9 }],
      valueColumns: HEAT_COLUMNS,
      rows: m.years
        .slice(-20)
        .reverse()
        .map((y) => ({
          labels: [String(y)],
          values: [
            ...(m.rows.get(y) ?? []).map((v) => (v === null ? null : round(v, 1))),
            round(m.yearly.get(y) ?? 0, 1),
          ],
        })),
      saturation: 8,
      columnSaturation: [...MONTHS.map(() => 8), 30],
      format: (v) => formatNumber(v, 1),
      rowHeight: 25,
      fontSize: 12,
    };
  },
};

SPECS['sp500-monthly-returns-2.png'] = {
  title: 'S&P 500 Returns by Month and Year',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['From', '1990'],
    ['To', '2023'],
    ['Scroll', 'Summary rows'],
  ],
  chart: () => {
    const m = monthlyMatrix();
    const col = (k: number) =>
      m.years.map((y) => (k < 12 ? (m.rows.get(y)?.[k] ?? 0) : (m.yearly.get(y) ?? 0)));
    const cols = HEAT_COLUMNS.map((_, k) => col(k));
    return {
      kind: 'heatmap',
      heading: 'Monthly returns, %, with summary rows (1990–2023)',
      labelColumns: [{ header: 'Year', width: 1.6 }],
      valueColumns: HEAT_COLUMNS,
      rows: [
        ...m.years.slice(-12).map((y) => ({
          labels: [String(y)],
          values: [
            ...(m.rows.get(y) ?? []).map((v) => (v === null ? null : round(v, 1))),
            round(m.yearly.get(y) ?? 0, 1),
          ],
        })),
        { labels: ['Average'], values: cols.map((c) => round(mean(c), 2)), bold: true, separator: true },
        { labels: ['Median'], values: cols.map((c) => round(median(c), 2)), bold: true },
        {
          labels: ['% positive'],
          values: cols.map((c) => round((c.filter((v) => v > 0).length / c.length) * 100, 0)),
          bold: true,
          plain: true,
        },
      ],
      saturation: 8,
      columnSaturation: [...MONTHS.map(() => 8), 30],
      format: (v) => formatNumber(v, 1),
      plainFormat: (v) => `${v.toFixed(0)}%`,
      rowHeight: 30,
      fontSize: 12,
    };
  },
};

// T42 ETF Constituents ------------------------------------------------------------------------

const XLE: [string, string, number][] = [
  ['XOM', 'Exxon Mobil', 22.8],
  ['CVX', 'Chevron', 16.1],
  ['EOG', 'EOG Resources', 4.6],
  ['COP', 'ConocoPhillips', 4.5],
  ['SLB', 'Schlumberger', 4.3],
  ['MPC', 'Marathon Petroleum', 4.1],
  ['PSX', 'Phillips 66', 3.8],
  ['WMB', 'Williams Cos.', 3.6],
  ['OKE', 'ONEOK', 3.5],
  ['VLO', 'Valero Energy', 3.4],
  ['OXY', 'Occidental', 3.1],
  ['KMI', 'Kinder Morgan', 3.0],
  ['HES', 'Hess', 2.9],
  ['FANG', 'Diamondback', 2.6],
  ['BKR', 'Baker Hughes', 2.5],
  ['HAL', 'Halliburton', 2.4],
];

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

SPECS['etf-constituents-1.png'] = {
  title: 'ETF Constituents',
  inputs: [
    ['ETF', 'XLE  Energy Select Sector'],
    ['Range', '6 months'],
    ['Layout', 'Grid'],
  ],
  views: ['Grid', 'Table'],
  chart: () => ({
    kind: 'multiples',
    columns: 4,
    items: constituentPaths().map((c) => ({
      symbol: c.sym,
      name: `${c.name} · ${c.weight.toFixed(1)}%`,
      values: c.values,
    })),
  }),
};

SPECS['etf-constituents-2.png'] = {
  title: 'ETF Constituents',
  inputs: [
    ['ETF', 'XLE  Energy Select Sector'],
    ['Range', '6 months'],
  ],
  views: ['Grid', 'Table'],
  activeView: 'Table',
  chart: () => ({
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

// T43 Sector Performance ----------------------------------------------------------------------

function sectorReturns(): { sym: string; name: string; r: number[] }[] {
  const rng = new Rng('sector-returns');
  return SECTORS.map(([sym, name]) => {
    const ytd = rng.normal() * 8 + 8;
    return {
      sym,
      name,
      r: [
        rng.normal() * 0.8,
        rng.normal() * 1.8,
        rng.normal() * 3.5 + 0.5,
        ytd * 0.5 + rng.normal() * 3,
        ytd,
        ytd * 1.3 + rng.normal() * 6 + 5,
      ].map((v) => round(v, 1)),
    };
  });
}

SPECS['sector-performance-1.png'] = {
  title: 'Sector Performance',
  inputs: [
    ['Universe', '11 sector ETFs'],
    ['Period', 'Year to date'],
    ['Benchmark', '^GSPC  S&P 500'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const rows = sectorReturns().sort((a, b) => (b.r[4] ?? 0) - (a.r[4] ?? 0));
    return {
      kind: 'bar',
      heading: 'Year-to-date return, % (sorted best to worst)',
      horizontal: true,
      labelWidth: 240,
      categories: rows.map((r) => `${r.sym}  ${r.name}`),
      series: [
        {
          name: 'YTD return',
          values: rows.map((r) => r.r[4] ?? 0),
          color: COLORS.up,
          negativeColor: COLORS.down,
        },
      ],
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
      hLines: [{ value: 10.6, label: 'S&P 500 +10.6%', color: '#1e3a8a' }],
    };
  },
};

SPECS['sector-performance-2.png'] = {
  title: 'Sector Performance',
  inputs: [
    ['Universe', '11 sector ETFs'],
    ['As of', '2024-05-31'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => ({
    kind: 'heatmap',
    heading: 'Sector ETF returns, %',
    labelColumns: [
      { header: 'Symbol', width: 0.7 },
      { header: 'Sector', width: 2 },
    ],
    valueColumns: ['1 day', '1 week', '1 month', '3 months', 'YTD', '1 year'],
    rows: [
      ...sectorReturns().map((r) => ({ labels: [r.sym, r.name], values: r.r })),
      { labels: ['SPY', 'S&P 500'], values: [0.3, 0.9, 2.1, 4.4, 10.6, 26.1], bold: true, separator: true },
    ],
    saturation: 10,
    columnSaturation: [1.5, 3, 6, 10, 20, 30],
    format: (v) => pct(v, 1, true),
    rowHeight: 38,
    fontSize: 14,
  }),
};

// T44 Event Study -----------------------------------------------------------------------------

const EVENTS: [string, string][] = [
  ['Emergency rate cut', '2001-01-03'],
  ['Lehman bankruptcy', '2008-09-15'],
  ['Flash crash', '2010-05-06'],
  ['US rating downgrade', '2011-08-05'],
  ['Brexit vote result', '2016-06-24'],
  ['Volatility spike', '2018-02-05'],
  ['Covid emergency declared', '2020-03-13'],
  ['Vaccine efficacy news', '2020-11-09'],
  ['First hike of 2022 cycle', '2022-03-16'],
  ['Regional bank failure', '2023-03-10'],
];

function eventPaths(): number[][] {
  const s = sp500();
  return EVENTS.map(([, date]) => {
    const i0 = indexAt(s, decimalYear(date));
    const base = s.values[i0] ?? 1;
    return Array.from({ length: 81 }, (_, k) => ((s.values[i0 - 20 + k] ?? base) / base - 1) * 100);
  });
}

SPECS['event-study-1.png'] = {
  title: 'Event Study',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Events', 'Events.csv (10 dates)'],
    ['Window', '−20 to +60 days'],
  ],
  views: ['Chart', 'Table'],
  chart: () => {
    const paths = eventPaths();
    const x = Array.from({ length: 81 }, (_, i) => i - 20);
    return {
      kind: 'line',
      heading: 'S&P 500 % change relative to the close on each event date',
      x,
      xTicks: [-20, -10, 0, 10, 20, 30, 40, 50, 60].map((d) => ({
        value: d,
        label: d > 0 ? `+${d}` : `${d}`,
      })),
      xLabel: 'Trading days relative to the event',
      y: { format: pctAxis(0) },
      series: [
        ...paths.map((p, i) => ({
          name: EVENTS[i]?.[0] ?? '',
          values: p,
          color: '#cbd5e1',
          width: 1.1,
          legend: false,
        })),
        {
          name: 'Average',
          values: x.map((_, k) => mean(paths.map((p) => p[k] ?? 0))),
          color: PALETTE[0],
          width: 3,
        },
        {
          name: 'Median',
          values: x.map((_, k) => median(paths.map((p) => p[k] ?? 0))),
          color: PALETTE[1],
          width: 2.5,
          dash: '6 3',
        },
      ],
      vLines: [{ value: 0, label: 'Event', color: '#111827' }],
      hLines: [{ value: 0, color: '#6b7280', dash: '3 3' }],
      legendExtra: [{ name: 'Individual events', color: '#cbd5e1' }],
    };
  },
};

SPECS['event-study-2.png'] = {
  title: 'Event Study',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Events', 'Events.csv (10 dates)'],
  ],
  views: ['Chart', 'Table'],
  activeView: 'Table',
  chart: () => {
    const paths = eventPaths();
    return {
      kind: 'table',
      heading: 'Percent change after each event',
      rowHeight: 32,
      columns: [
        { header: 'Event', width: 2 },
        { header: 'Date' },
        { header: '+1 day', align: 'right' },
        { header: '+5 days', align: 'right' },
        { header: '+20 days', align: 'right' },
        { header: '+60 days', align: 'right' },
      ],
      rows: [
        ...EVENTS.map(([name, date], i) => ({
          cells: [name, date, ...[21, 25, 40, 80].map((k) => signedCell(paths[i]?.[k] ?? 0, 1))] as Cell[],
        })),
        {
          cells: [
            'Average',
            '',
            ...[21, 25, 40, 80].map((k) => signedCell(mean(paths.map((p) => p[k] ?? 0)), 1)),
          ],
          bold: true,
          separator: true,
          bg: '#f3f4f6',
        },
        {
          cells: [
            'Median',
            '',
            ...[21, 25, 40, 80].map((k) => signedCell(median(paths.map((p) => p[k] ?? 0)), 1)),
          ],
          bold: true,
          bg: '#f3f4f6',
        },
      ],
    };
  },
};

// T45 Conditional Year Screener ---------------------------------------------------------------

function matchingYears(): { years: number[]; all: number[] } {
  const m = monthlyMatrix();
  // Filters: pre-election year (term year 3) and a positive January.
  const years = m.years.filter((y) => (y - 1953) % 4 === 2 || (m.rows.get(y)?.[0] ?? 0) > 4);
  return { years, all: m.years };
}

SPECS['conditional-years-1.png'] = {
  title: 'Conditional Year Screener',
  inputs: [
    ['Filters', 'Presidential term year = 3  OR  January > +4%'],
    ['Symbol', '^GSPC'],
    ['Years', '1990–2023'],
  ],
  views: ['Table', 'Chart'],
  chart: () => {
    const m = monthlyMatrix();
    const { years } = matchingYears();
    return {
      kind: 'heatmap',
      heading: `Matching years (${years.length}): monthly, full-year and following-year return, %`,
      labelColumns: [{ header: 'Year', width: 0.8 }],
      valueColumns: [...MONTHS, 'Year', 'Next yr'],
      rows: years.map((y) => ({
        labels: [String(y)],
        values: [
          ...(m.rows.get(y) ?? []).map((v) => (v === null ? null : round(v, 1))),
          round(m.yearly.get(y) ?? 0, 1),
          m.yearly.has(y + 1) ? round(m.yearly.get(y + 1) ?? 0, 1) : null,
        ],
      })),
      saturation: 8,
      columnSaturation: [...MONTHS.map(() => 8), 30, 30],
      format: (v) => formatNumber(v, 1),
      rowHeight: 30,
      fontSize: 12,
    };
  },
};

SPECS['conditional-years-2.png'] = {
  title: 'Conditional Year Screener',
  inputs: [
    ['Filters', 'Presidential term year = 3  OR  January > +4%'],
    ['Symbol', '^GSPC'],
    ['Years', '1990–2023'],
  ],
  views: ['Table', 'Chart'],
  activeView: 'Chart',
  chart: () => {
    const m = monthlyMatrix();
    const { years, all } = matchingYears();
    const values = years.map((y) => round(m.yearly.get(y) ?? 0, 1));
    const avgMatch = mean(values);
    const avgAll = mean(all.map((y) => m.yearly.get(y) ?? 0));
    return {
      kind: 'bar',
      heading: 'Full-year S&P 500 return of each matching year, %',
      categories: years.map(String),
      series: [{ name: 'Full-year return', values, color: COLORS.up, negativeColor: COLORS.down }],
      valueLabels: true,
      valueFormat: (v) => pct(v, 1, true),
      y: { format: pctAxis(0) },
      hLines: [
        { value: avgMatch, label: `Matching years avg ${pct(avgMatch, 1, true)}`, color: '#1e3a8a' },
        { value: avgAll, label: `All years avg ${pct(avgAll, 1, true)}`, color: '#c2410c', dash: '2 3' },
      ],
    };
  },
};

// T46 Moving Averages -------------------------------------------------------------------------

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

SPECS['moving-averages-1.png'] = {
  title: 'Moving Averages',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Averages', '50-day, 200-day'],
    ['From', '2016-01-04'],
    ['To', '2024-05-31'],
  ],
  views: ['Crossovers', 'Distance'],
  chart: () => {
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
};

SPECS['moving-averages-2.png'] = {
  title: 'Moving Averages',
  inputs: [
    ['Symbol', '^GSPC  S&P 500'],
    ['Average', '200-day'],
    ['From', '2016-01-04'],
    ['To', '2024-05-31'],
  ],
  views: ['Crossovers', 'Distance'],
  activeView: 'Distance',
  chart: () => {
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

/** Kind of the top-level chart for a screenshot (used by tests and for listing). */
export function specKind(name: string): Chart['kind'] | undefined {
  const spec = SPECS[name];
  return spec ? spec.chart(new Rng(name)).kind : undefined;
}

/**
 * Shared synthetic datasets, so that screenshots of related tools agree with each other.
 * Paths pass through rough anchor levels so their shapes look plausible; every value in between
 * is random. None of this is market history.
 */
import { Rng } from './prng';
import { businessDays } from './scale';
import { bridge } from './series';

export interface DailySeries {
  x: number[];
  dates: string[];
  values: number[];
}

const cache = new Map<string, DailySeries>();

function memo(key: string, build: () => DailySeries): DailySeries {
  let value = cache.get(key);
  if (!value) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

/** Anchors giving an S&P 500-like shape (levels, not data). */
const SP500_ANCHORS: [number, number][] = [
  [1950, 17],
  [1953, 25],
  [1957.5, 48],
  [1957.8, 40],
  [1961.9, 72],
  [1962.5, 55],
  [1966, 93],
  [1966.8, 74],
  [1968.9, 108],
  [1970.4, 70],
  [1973, 120],
  [1974.8, 63],
  [1980.9, 140],
  [1982.6, 105],
  [1987.6, 330],
  [1987.85, 225],
  [1990.5, 360],
  [1990.8, 300],
  [1994, 470],
  [1998.5, 1180],
  [1998.7, 960],
  [2000.2, 1520],
  [2002.78, 780],
  [2007.78, 1560],
  [2009.18, 680],
  [2011.3, 1360],
  [2011.76, 1100],
  [2015.4, 2120],
  [2016.1, 1830],
  [2018.7, 2930],
  [2018.98, 2350],
  [2020.12, 3380],
  [2020.22, 2240],
  [2021.99, 4790],
  [2022.78, 3580],
  [2023.99, 4770],
  [2024.4, 5300],
];

export function sp500(): DailySeries {
  return memo('sp500', () => {
    const { x, dates } = businessDays('1950-01-03', '2024-05-31');
    const values = bridge(new Rng('sp500-daily'), x, SP500_ANCHORS, 0.15, true);
    return { x, dates, values };
  });
}

export function nasdaq(): DailySeries {
  return memo('nasdaq', () => {
    const { x, dates } = businessDays('1990-01-02', '2024-05-31');
    const anchors: [number, number][] = [
      [1990, 455],
      [1990.8, 330],
      [1994, 780],
      [1998.5, 2000],
      [1998.75, 1420],
      [2000.2, 5050],
      [2001.7, 1420],
      [2002.78, 1110],
      [2007.8, 2860],
      [2009.18, 1270],
      [2015.5, 5200],
      [2016.1, 4270],
      [2018.7, 8100],
      [2018.98, 6190],
      [2020.12, 9820],
      [2020.22, 6860],
      [2021.88, 16060],
      [2022.98, 10200],
      [2024.4, 16900],
    ];
    const values = bridge(new Rng('nasdaq-daily'), x, anchors, 0.22, true);
    return { x, dates, values };
  });
}

/** A fictional company's share price ("ACME"), a random walk with drift. */
export function acme(): DailySeries {
  return memo('acme', () => {
    const { x, dates } = businessDays('2014-01-02', '2024-05-31');
    const anchors: [number, number][] = [
      [2014, 42],
      [2016.1, 38],
      [2018.7, 71],
      [2018.98, 58],
      [2020.12, 96],
      [2020.22, 66],
      [2021.9, 158],
      [2022.8, 104],
      [2023.6, 139],
      [2023.82, 121],
      [2024.4, 176],
    ];
    const values = bridge(new Rng('acme-daily'), x, anchors, 0.3, true);
    return { x, dates, values };
  });
}

/** Values at a sampling step (e.g. 5 for weekly). */
export function sample(series: DailySeries, every: number, from?: number, to?: number): DailySeries {
  const out: DailySeries = { x: [], dates: [], values: [] };
  series.x.forEach((x, i) => {
    if (i % every !== 0) return;
    if (from !== undefined && x < from) return;
    if (to !== undefined && x > to) return;
    out.x.push(x);
    out.dates.push(series.dates[i] ?? '');
    out.values.push(series.values[i] ?? 0);
  });
  return out;
}

/** Slice by decimal-year range. */
export function slice(series: DailySeries, from: number, to = Infinity): DailySeries {
  return sample(series, 1, from, to);
}

/** Last value of each period, keyed by the period string (e.g. "2023" or "2023-04"). */
function periodCloses(series: DailySeries, keyLength: 4 | 7): Map<string, number> {
  const closes = new Map<string, number>();
  series.dates.forEach((date, i) => closes.set(date.slice(0, keyLength), series.values[i] ?? 0));
  return closes;
}

/** Calendar-year percent returns by year. */
export function yearlyReturns(series: DailySeries): Map<number, number> {
  const closes = [...periodCloses(series, 4).entries()];
  const out = new Map<number, number>();
  for (let i = 1; i < closes.length; i++) {
    const [year, close] = closes[i] ?? ['', 0];
    const prev = closes[i - 1]?.[1] ?? close;
    out.set(Number(year), (close / prev - 1) * 100);
  }
  return out;
}

/** Monthly percent returns: map year -> 12 values (null where missing). */
export function monthlyReturns(series: DailySeries): Map<number, (number | null)[]> {
  const closes = [...periodCloses(series, 7).entries()];
  const out = new Map<number, (number | null)[]>();
  for (let i = 1; i < closes.length; i++) {
    const [key, close] = closes[i] ?? ['', 0];
    const prev = closes[i - 1]?.[1] ?? close;
    const year = Number(key.slice(0, 4));
    const month = Number(key.slice(5, 7)) - 1;
    const row = out.get(year) ?? new Array<number | null>(12).fill(null);
    row[month] = (close / prev - 1) * 100;
    out.set(year, row);
  }
  return out;
}

/** Value at or just before a decimal year. */
export function valueAt(series: DailySeries, x: number): number {
  let lo = 0;
  let hi = series.x.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((series.x[mid] ?? 0) <= x) lo = mid;
    else hi = mid - 1;
  }
  return series.values[lo] ?? 0;
}

/** Index of the first point at or after a decimal year. */
export function indexAt(series: DailySeries, x: number): number {
  const i = series.x.findIndex((v) => v >= x);
  return i < 0 ? series.x.length - 1 : i;
}

export const RECESSIONS: [number, number][] = [
  [1953.5, 1954.4],
  [1957.6, 1958.3],
  [1960.3, 1961.1],
  [1969.9, 1970.9],
  [1973.9, 1975.2],
  [1980.0, 1980.5],
  [1981.5, 1982.9],
  [1990.54, 1991.21],
  [2001.21, 2001.87],
  [2007.96, 2009.46],
  [2020.12, 2020.29],
];

export const SECTORS: [string, string][] = [
  ['XLK', 'Technology'],
  ['XLC', 'Communication Services'],
  ['XLY', 'Consumer Discretionary'],
  ['XLF', 'Financials'],
  ['XLV', 'Health Care'],
  ['XLI', 'Industrials'],
  ['XLP', 'Consumer Staples'],
  ['XLE', 'Energy'],
  ['XLU', 'Utilities'],
  ['XLB', 'Materials'],
  ['XLRE', 'Real Estate'],
];

export const FIRMS = [
  'Harbor Capital',
  'Northgate Securities',
  'Blue Ridge Research',
  'Keystone Partners',
  'Summit Equity Research',
  'Lakeshore Markets',
  'Meridian Advisors',
  'Ironwood Securities',
  'Cedar Point Capital',
  'Granite Street Research',
];

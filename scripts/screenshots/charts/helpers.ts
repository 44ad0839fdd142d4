/** Formatting and series helpers shared by the screenshot chart builders. */
import { RECESSIONS } from '../data';
import type { Band } from '../line-chart';
import { Rng } from '../prng';
import { formatNumber, pct } from '../scale';
import { bridge, movingAverage, timeline } from '../series';
import { COLORS } from '../svg';
import type { CellObject } from '../table';

export const pctAxis =
  (decimals = 0) =>
  (v: number): string =>
    pct(v, decimals);

export const num =
  (decimals = 0) =>
  (v: number): string =>
    formatNumber(v, decimals);

export function signedCell(value: number, decimals = 1, suffix = '%'): CellObject {
  const body = `${value > 0 ? '+' : ''}${formatNumber(value, decimals)}${suffix}`;
  return { text: body, color: value > 0 ? COLORS.up : value < 0 ? COLORS.down : COLORS.text };
}

export function round(value: number, decimals = 2): number {
  const f = Math.pow(10, decimals);
  return Math.round(value * f) / f;
}

export function recessionBands(from: number, to: number): Band[] {
  return RECESSIONS.filter(([a, b]) => b >= from && a <= to).map(([a, b]) => ({
    from: a,
    to: b,
    color: COLORS.recession,
  }));
}

export const RECESSION_LEGEND = { name: 'Recession', color: COLORS.recession, kind: 'box' as const };

const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Jan 5, 2024' from '2024-01-05'. */
export function fmtDate(iso: string): string {
  return SHORT_DATE.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

export function addDays(iso: string, days: number): string {
  const t = Date.parse(iso + 'T00:00:00Z') + days * 86400000;
  return new Date(t).toISOString().slice(0, 10);
}

export function trailingMa(values: number[], window: number): (number | null)[] {
  return movingAverage(values, window);
}

export function monthlyX(start: number, end: number): number[] {
  return timeline(start, end, 12);
}

/** Percent change over n steps for whole arrays (null for the first n). */
export function change(values: number[], n: number): (number | null)[] {
  return values.map((v, i) => (i >= n ? (v / (values[i - n] ?? v) - 1) * 100 : null));
}

export function quarterLabels(startYear: number, startQuarter: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const q = startQuarter - 1 + i;
    return `Q${(q % 4) + 1} ${startYear + Math.floor(q / 4)}`;
  });
}

export const SP = 'S&P 500';

/** A level path (rates, spreads) through anchors with its own seed. */
export function levels(
  seed: string,
  x: number[],
  anchors: [number, number][],
  vol: number,
  min = 0.01,
): number[] {
  return bridge(new Rng(seed), x, anchors, vol, false, min);
}

export function decimalYear(iso: string): number {
  const t = Date.parse(iso + 'T00:00:00Z');
  const year = Number(iso.slice(0, 4));
  const start = Date.UTC(year, 0, 1);
  return year + (t - start) / (Date.UTC(year + 1, 0, 1) - start);
}

/** Scales, tick generation and number formatting. */

export interface Tick {
  value: number;
  label: string;
}

export type Format = (value: number) => string;

export interface Scale {
  (value: number): number;
  ticks: Tick[];
  min: number;
  max: number;
}

function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = Math.pow(10, Math.floor(Math.log10(raw)));
  const unit = raw / power;
  const nice = unit < 1.5 ? 1 : unit < 3 ? 2 : unit < 7 ? 5 : 10;
  return nice * power;
}

/** Nice domain and ticks for a value range. */
function niceTicks(min: number, max: number, count = 6): { min: number; max: number; step: number } {
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const step = niceStep(max - min, count);
  return { min: Math.floor(min / step + 1e-9) * step, max: Math.ceil(max / step - 1e-9) * step, step };
}

function decimalsFor(step: number): number {
  return Math.max(0, Math.min(4, -Math.floor(Math.log10(step) + 1e-9)));
}

/** Linear scale from a value domain to pixel range [p0, p1]. */
export function linearScale(
  min: number,
  max: number,
  p0: number,
  p1: number,
  options: { nice?: boolean; count?: number; format?: Format } = {},
): Scale {
  let lo = min;
  let hi = max;
  let step = niceStep(hi - lo || 1, options.count ?? 6);
  if (options.nice !== false) {
    const n = niceTicks(min, max, options.count ?? 6);
    lo = n.min;
    hi = n.max;
    step = n.step;
  }
  const decimals = decimalsFor(step);
  const format = options.format ?? ((v: number) => v.toFixed(decimals));
  const ticks: Tick[] = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-6; v += step) {
    const value = Math.abs(v) < step * 1e-9 ? 0 : v;
    ticks.push({ value, label: format(value) });
  }
  const scale = ((value: number) => p0 + ((value - lo) / (hi - lo || 1)) * (p1 - p0)) as Scale;
  scale.ticks = ticks;
  scale.min = lo;
  scale.max = hi;
  return scale;
}

/** Log10 scale with ticks at 1-2-5 multiples. */
export function logScale(min: number, max: number, p0: number, p1: number, format?: Format): Scale {
  const lo = Math.log10(min * 0.95);
  const hi = Math.log10(max * 1.05);
  const scale = ((value: number) =>
    p0 + ((Math.log10(Math.max(value, 1e-9)) - lo) / (hi - lo)) * (p1 - p0)) as Scale;
  const ticks: Tick[] = [];
  const fmt = format ?? ((v: number) => formatNumber(v));
  const multiples = hi - lo > 1.6 ? [1, 2, 5] : [1, 1.5, 2, 3, 5, 7];
  for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) {
    for (const m of multiples) {
      const v = m * Math.pow(10, e);
      const lv = Math.log10(v);
      if (lv >= lo && lv <= hi) ticks.push({ value: v, label: fmt(v) });
    }
  }
  scale.ticks = ticks;
  scale.min = Math.pow(10, lo);
  scale.max = Math.pow(10, hi);
  return scale;
}

/** Thousands separators, fixed decimals. */
export function formatNumber(value: number, decimals = 0): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [int = '0', frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = value < 0 && Number(fixed) !== 0 ? '−' : '';
  return `${sign}${grouped}${frac ? '.' + frac : ''}`;
}

export function pct(value: number, decimals = 1, signed = false): string {
  const body = formatNumber(value, decimals);
  return `${signed && value > 0 ? '+' : ''}${body}%`;
}

const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
/** 'Jan' to 'Dec'. */
export const MONTHS = Array.from({ length: 12 }, (_, m) => SHORT_MONTH.format(Date.UTC(2000, m, 1)));

/** Ticks for x values that are decimal years. */
export function timeTicks(start: number, end: number, maxTicks = 12): Tick[] {
  const span = end - start;
  const ticks: Tick[] = [];
  if (span > 2.5) {
    const steps = [1, 2, 5, 10];
    const step = steps.find((s) => span / s <= maxTicks) ?? 10;
    for (let y = Math.ceil(start / step) * step; y <= end + 1e-9; y += step)
      ticks.push({ value: y, label: `${y}` });
    return ticks;
  }
  const monthStep = span > 1.2 ? 3 : span > 0.6 ? 2 : 1;
  const first = Math.ceil(start * 12 - 1e-9);
  for (let m = first; m / 12 <= end + 1e-9; m++) {
    if (m % monthStep !== 0) continue;
    const year = Math.floor(m / 12);
    const month = m - year * 12;
    ticks.push({ value: m / 12, label: `${MONTHS[month] ?? ''} ${year}` });
  }
  return ticks;
}

/** Business days between two ISO dates, as decimal years and ISO strings. */
export function businessDays(
  startIso: string,
  endIso: string,
  everyNth = 1,
): { x: number[]; dates: string[] } {
  const x: number[] = [];
  const dates: string[] = [];
  const end = Date.parse(endIso + 'T00:00:00Z');
  let count = 0;
  for (let t = Date.parse(startIso + 'T00:00:00Z'); t <= end; t += 86400000) {
    const d = new Date(t);
    const day = d.getUTCDay();
    if (day === 0 || day === 6) continue;
    if (count++ % everyNth !== 0) continue;
    const year = d.getUTCFullYear();
    const startOfYear = Date.UTC(year, 0, 1);
    const yearLength = Date.UTC(year + 1, 0, 1) - startOfYear;
    x.push(year + (t - startOfYear) / yearLength);
    dates.push(d.toISOString().slice(0, 10));
  }
  return { x, dates };
}

/** Synthetic series generators: shaped like market and macro data, but not real history. */
import type { Rng } from './prng';

/** Evenly spaced decimal-year x values, `perYear` points per year, inclusive of start. */
export function timeline(start: number, end: number, perYear: number): number[] {
  const n = Math.round((end - start) * perYear);
  return Array.from({ length: n + 1 }, (_, i) => start + i / perYear);
}

/** Trailing simple moving average; null until the window is full. */
export function movingAverage(values: number[], window: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] ?? 0;
    if (i >= window) sum -= values[i - window] ?? 0;
    out.push(i >= window - 1 ? sum / window : null);
  }
  return out;
}

/** Percent below the running maximum (0 or negative). */
export function drawdown(values: number[]): number[] {
  let peak = -Infinity;
  return values.map((v) => {
    peak = Math.max(peak, v);
    return (v / peak - 1) * 100;
  });
}

/** Rebase so the first value is `base`. */
export function rebase(values: number[], base = 100): number[] {
  const first = values[0] ?? 1;
  return values.map((v) => (v / first) * base);
}

export function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[mid] ?? 0;
  return ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (pos - lo);
}

/**
 * Random path through anchor points: between anchors, a Brownian bridge with the given annual
 * volatility, so the path has realistic noise but passes through each anchor. With `log`, the
 * bridge runs on log values (prices); otherwise on levels (rates, spreads).
 */
export function bridge(
  rng: Rng,
  xs: number[],
  anchors: [number, number][],
  vol: number,
  log: boolean,
  min = -Infinity,
): number[] {
  const out: number[] = new Array<number>(xs.length).fill(0);
  const tf = (v: number) => (log ? Math.log(v) : v);
  const inv = (v: number) => (log ? Math.exp(v) : v);
  let start = 0;
  for (let a = 1; a < anchors.length && start < xs.length; a++) {
    const from = anchors[a - 1];
    const to = anchors[a];
    if (!from || !to) continue;
    let end = start;
    while (end < xs.length - 1 && (xs[end + 1] ?? Infinity) <= to[0]) end++;
    if (a === anchors.length - 1) end = xs.length - 1;
    const k = Math.max(1, end - start);
    const walk: number[] = [0];
    for (let i = 1; i <= k; i++) {
      const dt = Math.max(1e-6, (xs[start + i] ?? 0) - (xs[start + i - 1] ?? 0));
      walk.push((walk[i - 1] ?? 0) + vol * Math.sqrt(dt) * rng.normal());
    }
    const last = walk[k] ?? 0;
    for (let i = 0; i <= k; i++) {
      const t = i / k;
      const v = tf(from[1]) + (tf(to[1]) - tf(from[1])) * t + (walk[i] ?? 0) - last * t;
      out[start + i] = Math.max(min, inv(v));
    }
    start = end;
  }
  return out;
}

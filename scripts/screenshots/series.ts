/** Synthetic series generators: shaped like market and macro data, but not real history. */
import type { Rng } from './prng';

/** Evenly spaced decimal-year x values, `perYear` points per year, inclusive of start. */
export function timeline(start: number, end: number, perYear: number): number[] {
  const n = Math.round((end - start) * perYear);
  return Array.from({ length: n + 1 }, (_, i) => start + i / perYear);
}

export interface WalkOptions {
  start: number;
  /** Annual drift, e.g. 0.07 for +7 % a year. */
  drift: number;
  /** Annual volatility, e.g. 0.18. */
  vol: number;
  perYear: number;
  /** Probability per step of entering a stressed regime (larger moves, negative drift). */
  stress?: number;
}

/** Geometric random walk with occasional stressed regimes, which produce realistic drawdowns. */
export function priceWalk(rng: Rng, n: number, options: WalkOptions): number[] {
  const dt = 1 / options.perYear;
  const values: number[] = [];
  let price = options.start;
  let stressLeft = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      if (stressLeft <= 0 && rng.next() < (options.stress ?? 0))
        stressLeft = rng.int(4, 14) * options.perYear * 0.02;
      const stressed = stressLeft > 0;
      stressLeft -= 1;
      const drift = stressed ? -0.45 : options.drift;
      const vol = options.vol * (stressed ? 2 : 1);
      price *= Math.exp((drift - (vol * vol) / 2) * dt + vol * Math.sqrt(dt) * rng.normal());
    }
    values.push(price);
  }
  return values;
}

/** Piecewise-linear path through anchor points [x, y], evaluated at xs. */
export function interpolate(xs: number[], anchors: [number, number][]): number[] {
  return xs.map((x) => {
    const first = anchors[0];
    const last = anchors[anchors.length - 1];
    if (!first || !last) return 0;
    if (x <= first[0]) return first[1];
    if (x >= last[0]) return last[1];
    for (let i = 1; i < anchors.length; i++) {
      const a = anchors[i - 1];
      const b = anchors[i];
      if (a && b && x <= b[0]) return a[1] + ((x - a[0]) / (b[0] - a[0] || 1)) * (b[1] - a[1]);
    }
    return last[1];
  });
}

/** Mean-reverting (Ornstein-Uhlenbeck) noise around zero. */
export function ouNoise(rng: Rng, n: number, speed: number, vol: number): number[] {
  const values: number[] = [];
  let v = 0;
  for (let i = 0; i < n; i++) {
    v += -speed * v + vol * rng.normal();
    values.push(v);
  }
  return values;
}

/** A path that follows anchors with mean-reverting noise, floored at `min`. */
export function anchoredPath(
  rng: Rng,
  xs: number[],
  anchors: [number, number][],
  vol: number,
  min = -Infinity,
): number[] {
  const base = interpolate(xs, anchors);
  const noise = ouNoise(rng, xs.length, 0.08, vol);
  return base.map((b, i) => Math.max(min, b + (noise[i] ?? 0)));
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

/** Percent change over `lag` steps; null for the first `lag` values. */
export function pctChange(values: number[], lag: number): (number | null)[] {
  return values.map((v, i) => {
    const prev = values[i - lag];
    return prev === undefined ? null : (v / prev - 1) * 100;
  });
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

/** Annual returns in percent with a fat left tail, roughly like a broad equity index. */
export function annualReturns(rng: Rng, n: number, meanReturn = 9, vol = 16): number[] {
  return Array.from({ length: n }, () => {
    const crash = rng.next() < 0.1 ? -rng.range(12, 30) : 0;
    return Math.round((meanReturn + vol * 0.85 * rng.normal() + crash) * 10) / 10;
  });
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

/** Line chart: time or numeric x, one or two y axes, bands, ranges, reference lines and markers. */
import { axisTitle, frameAxes, horizontalRefLine, xTicks, yGrid } from './axes';
import { linearScale, logScale, timeTicks, type Format, type Scale, type Tick } from './scale';
import {
  COLORS,
  card,
  inset,
  legend,
  line,
  paletteColor,
  r,
  rect,
  text,
  type LegendItem,
  type Rect,
} from './svg';

export interface LineSeries {
  name: string;
  values: (number | null)[];
  color?: string;
  width?: number;
  dash?: string;
  axis?: 'left' | 'right';
  /** Draw horizontal-then-vertical steps. */
  step?: boolean;
  /** Fill between the line and zero (or the bottom of the plot). */
  area?: boolean;
  opacity?: number;
  /** Hide from the legend (e.g. many thin individual paths). */
  legend?: boolean;
  /** Draw points instead of a line. */
  style?: 'line' | 'dots' | 'hollow';
}

export interface Band {
  from: number;
  to: number;
  color: string;
  opacity?: number;
}

interface RangeFill {
  name: string;
  lower: (number | null)[];
  upper: (number | null)[];
  color: string;
  opacity?: number;
  axis?: 'left' | 'right';
}

export interface RefLine {
  value: number;
  label?: string;
  color?: string;
  dash?: string;
  axis?: 'left' | 'right';
}

export interface Marker {
  x: number;
  y: number;
  shape: 'up' | 'down' | 'dot' | 'hollow' | 'diamond';
  color: string;
  label?: string;
  labelBelow?: boolean;
}

export interface AxisOptions {
  label?: string;
  format?: Format;
  log?: boolean;
  min?: number;
  max?: number;
  nice?: boolean;
  count?: number;
}

export interface LineChartOptions {
  heading?: string;
  x: number[];
  series: LineSeries[];
  xTicks?: Tick[];
  xMin?: number;
  xMax?: number;
  xLabel?: string;
  y?: AxisOptions;
  y2?: AxisOptions;
  bands?: Band[];
  ranges?: RangeFill[];
  hLines?: RefLine[];
  vLines?: RefLine[];
  markers?: Marker[];
  /** Extra legend entries (e.g. for bands). */
  legendExtra?: LegendItem[];
  showLegend?: boolean;
}

function extent(values: (number | null)[][]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const list of values)
    for (const v of list) {
      if (v === null || !Number.isFinite(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  return lo === Infinity ? [0, 1] : [lo, hi];
}

function makeScale(axis: AxisOptions | undefined, values: (number | null)[][], plot: Rect): Scale {
  const [lo, hi] = extent(values);
  const min = axis?.min ?? lo;
  const max = axis?.max ?? hi;
  const p0 = plot.y + plot.height;
  const p1 = plot.y;
  if (axis?.log) return logScale(min, max, p0, p1, axis.format);
  return linearScale(min, max, p0, p1, { format: axis?.format, nice: axis?.nice, count: axis?.count ?? 6 });
}

function pathFor(
  xs: number[],
  values: (number | null)[],
  sx: (v: number) => number,
  sy: Scale,
  step: boolean,
): string {
  let d = '';
  let pen = false;
  values.forEach((v, i) => {
    const xv = xs[i];
    if (v === null || xv === undefined || !Number.isFinite(v)) {
      pen = false;
      return;
    }
    const px = sx(xv);
    const py = sy(v);
    if (!pen) d += `M${r(px)} ${r(py)}`;
    else if (step) d += `H${r(px)}V${r(py)}`;
    else d += `L${r(px)} ${r(py)}`;
    pen = true;
  });
  return d;
}

export function markerSvg(m: Marker, px: number, py: number): string {
  const s = 6;
  switch (m.shape) {
    case 'up':
      return `<path d="M${r(px)} ${r(py - s)}L${r(px + s)} ${r(py + s * 0.8)}L${r(px - s)} ${r(py + s * 0.8)}Z" fill="${m.color}" stroke="#fff" stroke-width="1"/>`;
    case 'down':
      return `<path d="M${r(px)} ${r(py + s)}L${r(px + s)} ${r(py - s * 0.8)}L${r(px - s)} ${r(py - s * 0.8)}Z" fill="${m.color}" stroke="#fff" stroke-width="1"/>`;
    case 'diamond':
      return `<path d="M${r(px)} ${r(py - s)}L${r(px + s)} ${r(py)}L${r(px)} ${r(py + s)}L${r(px - s)} ${r(py)}Z" fill="${m.color}" stroke="#fff" stroke-width="1"/>`;
    case 'hollow':
      return `<circle cx="${r(px)}" cy="${r(py)}" r="5" fill="#fff" stroke="${m.color}" stroke-width="2"/>`;
    default:
      return `<circle cx="${r(px)}" cy="${r(py)}" r="5" fill="${m.color}"/>`;
  }
}

export function lineChart(box: Rect, options: LineChartOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts: string[] = [cardSvg];
  const hasRight = options.series.some((s) => s.axis === 'right');
  const plot = inset(inner, 8, hasRight ? 64 : 16, options.xLabel ? 40 : 24, options.y?.label ? 74 : 56);

  const leftValues = [
    ...options.series.filter((s) => s.axis !== 'right').map((s) => s.values),
    ...(options.ranges ?? []).filter((g) => g.axis !== 'right').flatMap((g) => [g.lower, g.upper]),
    ...(options.hLines ?? []).filter((h) => h.axis !== 'right').map((h) => [h.value]),
    ...(options.markers ?? []).map((m) => [m.y]),
  ];
  const sy = makeScale(options.y, leftValues, plot);
  const sy2 = hasRight
    ? makeScale(
        options.y2,
        options.series.filter((s) => s.axis === 'right').map((s) => s.values),
        plot,
      )
    : undefined;

  const xMin = options.xMin ?? Math.min(...options.x);
  const xMax = options.xMax ?? Math.max(...options.x);
  const sx = (v: number) => plot.x + ((v - xMin) / (xMax - xMin || 1)) * plot.width;
  const ticks = options.xTicks ?? timeTicks(xMin, xMax);

  const clipId = `clip-${Math.round(box.x)}-${Math.round(box.y)}`;
  parts.push(
    `<clipPath id="${clipId}"><rect x="${r(plot.x)}" y="${r(plot.y - 2)}" width="${r(plot.width)}" height="${r(plot.height + 4)}"/></clipPath>`,
  );
  for (const band of options.bands ?? []) {
    const x0 = Math.max(plot.x, sx(band.from));
    const x1 = Math.min(plot.x + plot.width, sx(band.to));
    if (x1 > x0)
      parts.push(
        rect(
          { x: x0, y: plot.y, width: x1 - x0, height: plot.height },
          band.color,
          `opacity="${band.opacity ?? 0.6}"`,
        ),
      );
  }
  parts.push(yGrid(plot, sy, 'left'));
  if (sy2) parts.push(yGrid(plot, sy2, 'right', false));
  parts.push(xTicks(plot, ticks, sx, false));
  if (options.y?.label) parts.push(axisTitle(plot, options.y.label, 'left', 62));
  if (options.y2?.label && sy2) parts.push(axisTitle(plot, options.y2.label, 'right', 56));
  if (options.xLabel)
    parts.push(
      text(plot.x + plot.width / 2, plot.y + plot.height + 32, options.xLabel, {
        size: 12,
        anchor: 'middle',
        color: COLORS.muted,
      }),
    );

  const body: string[] = [];
  for (const range of options.ranges ?? []) {
    const scale = range.axis === 'right' && sy2 ? sy2 : sy;
    const upper = pathFor(options.x, range.upper, sx, scale, false);
    const lowerPoints: string[] = [];
    for (let i = range.lower.length - 1; i >= 0; i--) {
      const v = range.lower[i];
      const xv = options.x[i];
      if (v === null || v === undefined || xv === undefined) continue;
      lowerPoints.push(`L${r(sx(xv))} ${r(scale(v))}`);
    }
    body.push(
      `<path d="${upper}${lowerPoints.join('')}Z" fill="${range.color}" opacity="${range.opacity ?? 0.25}"/>`,
    );
  }
  options.series.forEach((s, index) => {
    const scale = s.axis === 'right' && sy2 ? sy2 : sy;
    const color = s.color ?? paletteColor(index);
    if (s.style === 'dots' || s.style === 'hollow') {
      s.values.forEach((v, i) => {
        const xv = options.x[i];
        if (v === null || xv === undefined) return;
        body.push(
          markerSvg({ x: xv, y: v, shape: s.style === 'dots' ? 'dot' : 'hollow', color }, sx(xv), scale(v)),
        );
      });
      return;
    }
    const d = pathFor(options.x, s.values, sx, scale, s.step ?? false);
    if (!d) return;
    if (s.area) {
      const base = scale(Math.max(scale.min, Math.min(scale.max, 0)));
      const firstIndex = s.values.findIndex((v) => v !== null);
      const lastIndex = s.values.length - 1 - [...s.values].reverse().findIndex((v) => v !== null);
      const x0 = options.x[firstIndex] ?? xMin;
      const x1 = options.x[lastIndex] ?? xMax;
      body.push(
        `<path d="${d}L${r(sx(x1))} ${r(base)}L${r(sx(x0))} ${r(base)}Z" fill="${color}" opacity="0.25"/>`,
      );
    }
    body.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${s.width ?? 2}" stroke-linejoin="round"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}${s.opacity !== undefined ? ` opacity="${s.opacity}"` : ''}/>`,
    );
  });
  parts.push(`<g clip-path="url(#${clipId})">${body.join('')}</g>`);

  for (const h of options.hLines ?? []) {
    const scale = h.axis === 'right' && sy2 ? sy2 : sy;
    parts.push(horizontalRefLine(plot, scale(h.value), h));
  }
  for (const v of options.vLines ?? []) {
    const x = sx(v.value);
    parts.push(line(x, plot.y, x, plot.y + plot.height, v.color ?? '#374151', 1.5, v.dash ?? '6 4'));
    if (v.label)
      parts.push(
        text(x + 6, plot.y + 10, v.label, { size: 11, color: v.color ?? '#374151', weight: 'bold' }),
      );
  }
  for (const m of options.markers ?? []) {
    const px = sx(m.x);
    const py = sy(m.y);
    parts.push(markerSvg(m, px, py));
    if (m.label)
      parts.push(
        text(px, m.labelBelow ? py + 16 : py - 15, m.label, { size: 10, anchor: 'middle', color: m.color }),
      );
  }
  parts.push(frameAxes(plot));

  if (options.showLegend !== false) {
    const items: LegendItem[] = options.series
      .filter((s) => s.legend !== false)
      .map((s) => ({
        name: s.name,
        color: s.color ?? paletteColor(options.series.indexOf(s)),
        kind: s.style === 'dots' ? 'dot' : s.style === 'hollow' ? 'hollow' : s.dash ? 'dash' : 'line',
      }));
    for (const range of options.ranges ?? [])
      items.push({ name: range.name, color: range.color, kind: 'box' });
    items.push(...(options.legendExtra ?? []));
    if (items.length > 0) parts.push(legend(box.x + box.width - 14, box.y + 18, items));
  }
  return parts.join('');
}

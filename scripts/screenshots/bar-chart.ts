/** Bar chart: vertical or horizontal, single, grouped or stacked, with optional overlay lines or dots. */
import { axisTitle, frameAxes, horizontalRefLine, yGrid } from './axes';
import type { AxisOptions, RefLine } from './line-chart';
import { markerSvg } from './line-chart';
import { linearScale, type Format } from './scale';
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

interface BarSeries {
  name: string;
  values: number[];
  color?: string;
  /** Colour for negative values (single-series charts: green up, red down). */
  negativeColor?: string;
}

interface BarOverlay {
  name: string;
  values: (number | null)[];
  color: string;
  axis?: 'left' | 'right';
  style?: 'line' | 'dots';
}

export interface BarChartOptions {
  heading?: string;
  categories: string[];
  series: BarSeries[];
  stacked?: boolean;
  horizontal?: boolean;
  y?: AxisOptions;
  y2?: AxisOptions;
  overlays?: BarOverlay[];
  hLines?: RefLine[];
  /** Shaded category index ranges, inclusive (e.g. recessions). */
  shade?: { from: number; to: number; color: string }[];
  labelEvery?: number;
  rotateLabels?: boolean;
  valueLabels?: boolean;
  valueFormat?: Format;
  showLegend?: boolean;
  legendExtra?: LegendItem[];
  /** Per-category bar colours (single-series charts), overriding the series colour. */
  colors?: string[];
  /** Width of the category label column for horizontal charts. */
  labelWidth?: number;
}

function stackExtent(options: BarChartOptions): [number, number] {
  let lo = 0;
  let hi = 0;
  const n = options.categories.length;
  for (let i = 0; i < n; i++) {
    if (options.stacked) {
      let pos = 0;
      let neg = 0;
      for (const s of options.series) {
        const v = s.values[i] ?? 0;
        if (v >= 0) pos += v;
        else neg += v;
      }
      hi = Math.max(hi, pos);
      lo = Math.min(lo, neg);
    } else {
      for (const s of options.series) {
        const v = s.values[i] ?? 0;
        hi = Math.max(hi, v);
        lo = Math.min(lo, v);
      }
    }
  }
  for (const o of options.overlays ?? [])
    if (o.axis !== 'right')
      for (const v of o.values) {
        if (v === null) continue;
        hi = Math.max(hi, v);
        lo = Math.min(lo, v);
      }
  for (const h of options.hLines ?? []) {
    hi = Math.max(hi, h.value);
    lo = Math.min(lo, h.value);
  }
  return [options.y?.min ?? lo, options.y?.max ?? hi];
}

function seriesColor(options: BarChartOptions, index: number, value: number, category = -1): string {
  const own = options.colors?.[category];
  if (own) return own;
  const s = options.series[index];
  if (value < 0 && s?.negativeColor) return s.negativeColor;
  return s?.color ?? paletteColor(index);
}

export function barChart(box: Rect, options: BarChartOptions): string {
  return options.horizontal ? horizontalBars(box, options) : verticalBars(box, options);
}

function legendItems(options: BarChartOptions): LegendItem[] {
  const items: LegendItem[] = [];
  if (options.series.length > 1 || options.overlays?.length)
    options.series.forEach((s, i) =>
      items.push({ name: s.name, color: s.color ?? paletteColor(i), kind: 'box' }),
    );
  for (const o of options.overlays ?? [])
    items.push({ name: o.name, color: o.color, kind: o.style === 'dots' ? 'dot' : 'line' });
  items.push(...(options.legendExtra ?? []));
  return items;
}

function verticalBars(box: Rect, options: BarChartOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  const hasRight = (options.overlays ?? []).some((o) => o.axis === 'right');
  const plot = inset(
    inner,
    8,
    hasRight ? 64 : 16,
    options.rotateLabels ? 44 : 24,
    options.y?.label ? 74 : 56,
  );
  const [lo, hi] = stackExtent(options);
  const sy = linearScale(lo, hi, plot.y + plot.height, plot.y, {
    format: options.y?.format,
    count: options.y?.count ?? 6,
  });
  const n = options.categories.length;
  const slot = plot.width / n;
  const groupWidth = slot * (n > 40 ? 0.8 : 0.72);
  const groups = options.stacked ? 1 : options.series.length;
  const barWidth = groupWidth / groups;

  for (const shade of options.shade ?? []) {
    const x0 = plot.x + shade.from * slot;
    const x1 = plot.x + (shade.to + 1) * slot;
    parts.push(rect({ x: x0, y: plot.y, width: x1 - x0, height: plot.height }, shade.color, 'opacity="0.6"'));
  }
  parts.push(yGrid(plot, sy, 'left'));
  let sy2 = sy;
  if (hasRight) {
    const values = (options.overlays ?? []).filter((o) => o.axis === 'right').flatMap((o) => o.values);
    const nums = values.filter((v): v is number => v !== null);
    sy2 = linearScale(
      options.y2?.min ?? Math.min(...nums),
      options.y2?.max ?? Math.max(...nums),
      plot.y + plot.height,
      plot.y,
      {
        format: options.y2?.format,
        count: options.y2?.count ?? 6,
      },
    );
    parts.push(yGrid(plot, sy2, 'right', false));
  }
  if (options.y?.label) parts.push(axisTitle(plot, options.y.label, 'left', 62));
  if (options.y2?.label && hasRight) parts.push(axisTitle(plot, options.y2.label, 'right', 56));

  const zero = sy(0);
  for (let i = 0; i < n; i++) {
    const cx = plot.x + slot * (i + 0.5);
    let pos = 0;
    let neg = 0;
    options.series.forEach((s, si) => {
      const v = s.values[i] ?? 0;
      const color = seriesColor(options, si, v, i);
      let y0: number;
      let y1: number;
      let x = cx - groupWidth / 2 + (options.stacked ? 0 : si * barWidth);
      if (options.stacked) {
        const base = v >= 0 ? pos : neg;
        y0 = sy(base);
        y1 = sy(base + v);
        if (v >= 0) pos += v;
        else neg += v;
        x = cx - groupWidth / 2;
      } else {
        y0 = zero;
        y1 = sy(v);
      }
      // Clamp bars that run past an explicit axis limit.
      const clamp = (y: number) => Math.max(plot.y, Math.min(plot.y + plot.height, y));
      const top = clamp(Math.min(y0, y1));
      const height = Math.max(0.5, clamp(Math.max(y0, y1)) - top);
      parts.push(
        rect(
          {
            x: x + (groups > 1 ? 0.5 : 0),
            y: top,
            width: Math.max(1, barWidth - (groups > 1 ? 1 : 0)),
            height,
          },
          color,
        ),
      );
      if (options.valueLabels && !options.stacked) {
        const label = (options.valueFormat ?? ((value: number) => value.toFixed(1)))(v);
        const ly = v >= 0 ? top - 9 : top + height + 9;
        parts.push(text(x + barWidth / 2, ly, label, { size: 11, anchor: 'middle', color: COLORS.text }));
      }
    });
    const every = options.labelEvery ?? 1;
    const label = options.categories[i] ?? '';
    if (i % every === 0) {
      if (options.rotateLabels)
        parts.push(
          text(cx + 4, plot.y + plot.height + 14, label, {
            size: 11,
            anchor: 'end',
            color: COLORS.muted,
            rotate: -45,
          }),
        );
      else
        parts.push(
          text(cx, plot.y + plot.height + 15, label, { size: 12, anchor: 'middle', color: COLORS.muted }),
        );
    }
  }
  parts.push(line(plot.x, zero, plot.x + plot.width, zero, '#6b7280', 1));
  for (const h of options.hLines ?? []) parts.push(horizontalRefLine(plot, sy(h.value), h));
  for (const o of options.overlays ?? []) {
    const scale = o.axis === 'right' ? sy2 : sy;
    if (o.style === 'dots') {
      o.values.forEach((v, i) => {
        if (v === null) return;
        parts.push(
          markerSvg({ x: i, y: v, shape: 'dot', color: o.color }, plot.x + slot * (i + 0.5), scale(v)),
        );
      });
    } else {
      let d = '';
      o.values.forEach((v, i) => {
        if (v === null) return;
        d += `${d ? 'L' : 'M'}${r(plot.x + slot * (i + 0.5))} ${r(scale(v))}`;
      });
      parts.push(
        `<path d="${d}" fill="none" stroke="${o.color}" stroke-width="2.5" stroke-linejoin="round"/>`,
      );
    }
  }
  parts.push(frameAxes(plot));
  const items = legendItems(options);
  if (options.showLegend !== false && items.length > 0)
    parts.push(legend(box.x + box.width - 14, box.y + 18, items));
  return parts.join('');
}

function horizontalBars(box: Rect, options: BarChartOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  const labelWidth = options.labelWidth ?? 200;
  const plot = inset(inner, 6, 70, 24, labelWidth);
  const [lo, hi] = stackExtent(options);
  const sx = linearScale(Math.min(0, lo), Math.max(0, hi), plot.x, plot.x + plot.width, {
    format: options.y?.format,
    count: options.y?.count ?? 8,
  });
  const n = options.categories.length;
  const slot = plot.height / n;
  const barHeight = Math.min(26, slot * 0.7);
  for (const tick of sx.ticks) {
    const x = sx(tick.value);
    parts.push(line(x, plot.y, x, plot.y + plot.height, COLORS.grid));
    parts.push(
      text(x, plot.y + plot.height + 15, tick.label, { size: 12, anchor: 'middle', color: COLORS.muted }),
    );
  }
  const format = options.valueFormat ?? ((v: number) => v.toFixed(1));
  for (let i = 0; i < n; i++) {
    const cy = plot.y + slot * (i + 0.5);
    const s = options.series[0];
    const v = s?.values[i] ?? 0;
    const x0 = sx(0);
    const x1 = sx(v);
    parts.push(
      rect(
        {
          x: Math.min(x0, x1),
          y: cy - barHeight / 2,
          width: Math.max(1, Math.abs(x1 - x0)),
          height: barHeight,
        },
        seriesColor(options, 0, v, i),
      ),
    );
    parts.push(text(plot.x - 10, cy, options.categories[i] ?? '', { size: 12, anchor: 'end' }));
    if (options.valueLabels !== false) {
      const label = format(v);
      parts.push(
        text(v >= 0 ? x1 + 6 : x1 - 6, cy, label, {
          size: 11,
          anchor: v >= 0 ? 'start' : 'end',
          color: COLORS.text,
        }),
      );
    }
  }
  parts.push(line(sx(0), plot.y, sx(0), plot.y + plot.height, '#6b7280'));
  for (const h of options.hLines ?? []) {
    const x = sx(h.value);
    parts.push(line(x, plot.y - 4, x, plot.y + plot.height, h.color ?? '#374151', 2, h.dash ?? '6 4'));
  }
  const items = legendItems(options);
  for (const h of options.hLines ?? [])
    if (h.label) items.push({ name: h.label, color: h.color ?? '#374151', kind: 'dash' });
  if (options.showLegend !== false && items.length > 0)
    parts.push(legend(box.x + box.width - 14, box.y + 18, items));
  return parts.join('');
}

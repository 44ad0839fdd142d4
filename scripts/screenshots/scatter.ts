/** Scatter plot with optional least-squares fit line and zero axes. */
import { axisTitle, frameAxes, xTicks, yGrid } from './axes';
import type { AxisOptions } from './line-chart';
import { linearScale } from './scale';
import { COLORS, card, inset, legend, line, r, text, type Rect } from './svg';

export interface ScatterOptions {
  heading?: string;
  points: { x: number; y: number; color?: string }[];
  x: AxisOptions;
  y: AxisOptions;
  fit?: boolean;
  pointLabel?: string;
}

export function scatter(box: Rect, options: ScatterOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  const plot = inset(inner, 8, 20, 44, 74);
  const xs = options.points.map((p) => p.x);
  const ys = options.points.map((p) => p.y);
  const sx = linearScale(
    options.x.min ?? Math.min(...xs),
    options.x.max ?? Math.max(...xs),
    plot.x,
    plot.x + plot.width,
    {
      format: options.x.format,
      count: 10,
    },
  );
  const sy = linearScale(
    options.y.min ?? Math.min(...ys),
    options.y.max ?? Math.max(...ys),
    plot.y + plot.height,
    plot.y,
    {
      format: options.y.format,
    },
  );
  parts.push(yGrid(plot, sy));
  parts.push(xTicks(plot, sx.ticks, sx, true));
  parts.push(line(sx(0), plot.y, sx(0), plot.y + plot.height, '#6b7280'));
  parts.push(line(plot.x, sy(0), plot.x + plot.width, sy(0), '#6b7280'));
  if (options.y.label) parts.push(axisTitle(plot, options.y.label, 'left', 62));
  if (options.x.label)
    parts.push(
      text(plot.x + plot.width / 2, plot.y + plot.height + 34, options.x.label, {
        size: 12,
        anchor: 'middle',
        color: COLORS.muted,
      }),
    );
  for (const p of options.points)
    parts.push(
      `<circle cx="${r(sx(p.x))}" cy="${r(sy(p.y))}" r="5" fill="${p.color ?? COLORS.accent}" opacity="0.8"/>`,
    );
  if (options.fit && options.points.length > 1) {
    const n = options.points.length;
    const mx = xs.reduce((a, b) => a + b, 0) / n;
    const my = ys.reduce((a, b) => a + b, 0) / n;
    let sxy = 0;
    let sxx = 0;
    options.points.forEach((p) => {
      sxy += (p.x - mx) * (p.y - my);
      sxx += (p.x - mx) ** 2;
    });
    const slope = sxy / (sxx || 1);
    const x0 = sx.min;
    const x1 = sx.max;
    parts.push(
      line(sx(x0), sy(my + slope * (x0 - mx)), sx(x1), sy(my + slope * (x1 - mx)), '#ea580c', 2, '6 4'),
    );
    parts.push(
      legend(box.x + box.width - 14, box.y + 18, [
        { name: options.pointLabel ?? 'Report', color: COLORS.accent, kind: 'dot' },
        { name: `Fit: slope ${slope.toFixed(2)}`, color: '#ea580c', kind: 'dash' },
      ]),
    );
  }
  parts.push(frameAxes(plot));
  return parts.join('');
}

/** Gridlines, axis lines and tick labels shared by the cartesian renderers. */
import type { Scale, Tick } from './scale';
import { COLORS, line, rect, text, textWidth, type Rect } from './svg';

export function yGrid(plot: Rect, scale: Scale, side: 'left' | 'right' = 'left', grid = true): string {
  const parts: string[] = [];
  for (const tick of scale.ticks) {
    const y = scale(tick.value);
    if (y < plot.y - 0.5 || y > plot.y + plot.height + 0.5) continue;
    if (grid) parts.push(line(plot.x, y, plot.x + plot.width, y, COLORS.grid));
    if (side === 'left')
      parts.push(text(plot.x - 8, y, tick.label, { size: 12, anchor: 'end', color: COLORS.muted }));
    else parts.push(text(plot.x + plot.width + 8, y, tick.label, { size: 12, color: COLORS.muted }));
  }
  return parts.join('');
}

export function xTicks(
  plot: Rect,
  ticks: Tick[],
  toX: (value: number) => number,
  grid = true,
  rotate = false,
): string {
  const parts: string[] = [];
  for (const tick of ticks) {
    const x = toX(tick.value);
    if (x < plot.x - 0.5 || x > plot.x + plot.width + 0.5) continue;
    if (grid) parts.push(line(x, plot.y, x, plot.y + plot.height, COLORS.grid));
    parts.push(line(x, plot.y + plot.height, x, plot.y + plot.height + 4, COLORS.axis));
    if (rotate)
      parts.push(
        text(x + 4, plot.y + plot.height + 12, tick.label, {
          size: 11,
          anchor: 'end',
          color: COLORS.muted,
          rotate: -45,
        }),
      );
    else
      parts.push(
        text(x, plot.y + plot.height + 15, tick.label, { size: 12, anchor: 'middle', color: COLORS.muted }),
      );
  }
  return parts.join('');
}

export function axisTitle(plot: Rect, label: string, side: 'left' | 'right', offset = 54): string {
  const x = side === 'left' ? plot.x - offset : plot.x + plot.width + offset;
  const y = plot.y + plot.height / 2;
  return text(x, y, label, {
    size: 12,
    anchor: 'middle',
    color: COLORS.muted,
    rotate: side === 'left' ? -90 : 90,
  });
}

export function frameAxes(plot: Rect): string {
  return line(plot.x, plot.y + plot.height, plot.x + plot.width, plot.y + plot.height, COLORS.axis);
}

/** A dashed horizontal reference line across the plot at `y`, its label boxed at the right end. */
export function horizontalRefLine(
  plot: Rect,
  y: number,
  ref: { label?: string; color?: string; dash?: string },
): string {
  const color = ref.color ?? '#374151';
  const parts = [line(plot.x, y, plot.x + plot.width, y, color, 1.5, ref.dash ?? '6 4')];
  if (ref.label) {
    const w = textWidth(ref.label, 11) + 8;
    parts.push(
      rect({ x: plot.x + plot.width - w - 4, y: y - 17, width: w, height: 15 }, '#ffffff', 'opacity="0.85"'),
    );
    parts.push(text(plot.x + plot.width - 8, y - 9, ref.label, { size: 11, anchor: 'end', color }));
  }
  return parts.join('');
}

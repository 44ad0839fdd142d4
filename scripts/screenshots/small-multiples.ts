/** Grid of small line charts, one per symbol, with the period change in the corner. */
import { pct } from './scale';
import { COLORS, rect, text, type Rect } from './svg';
import { sparkline } from './table';

interface SmallMultiple {
  symbol: string;
  name: string;
  values: number[];
}

export interface SmallMultiplesOptions {
  heading?: string;
  items: SmallMultiple[];
  columns: number;
}

export function smallMultiples(box: Rect, options: SmallMultiplesOptions): string {
  const parts: string[] = [];
  const gap = 10;
  const rows = Math.ceil(options.items.length / options.columns);
  const w = (box.width - gap * (options.columns - 1)) / options.columns;
  const h = (box.height - gap * (rows - 1)) / rows;
  options.items.forEach((item, i) => {
    const x = box.x + (i % options.columns) * (w + gap);
    const y = box.y + Math.floor(i / options.columns) * (h + gap);
    const first = item.values[0] ?? 1;
    const last = item.values[item.values.length - 1] ?? first;
    const change = (last / first - 1) * 100;
    const color = change >= 0 ? COLORS.up : COLORS.down;
    parts.push(rect({ x, y, width: w, height: h }, '#ffffff', `stroke="${COLORS.border}" rx="4"`));
    parts.push(text(x + 10, y + 15, item.symbol, { size: 13, weight: 'bold' }));
    parts.push(
      text(x + w - 10, y + 15, pct(change, 1, true), { size: 12, anchor: 'end', color, weight: 'bold' }),
    );
    parts.push(text(x + 10, y + 31, item.name, { size: 10, color: COLORS.muted }));
    parts.push(
      text(x + w - 10, y + 31, `$${last.toFixed(2)}`, { size: 10, anchor: 'end', color: COLORS.muted }),
    );
    parts.push(sparkline({ x: x + 10, y: y + 42, width: w - 20, height: h - 52 }, item.values, color));
  });
  return parts.join('');
}

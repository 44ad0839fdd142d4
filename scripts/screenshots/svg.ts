/** Small SVG string helpers shared by the renderers. */

export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export const COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  faint: '#9ca3af',
  grid: '#e5e7eb',
  axis: '#9ca3af',
  border: '#d1d5db',
  panel: '#ffffff',
  background: '#f3f4f6',
  accent: '#2563eb',
  up: '#16a34a',
  down: '#dc2626',
  recession: '#d1d5db',
  crisis: '#fdba74',
};

/** Series palette: distinct on white, readable after palette quantization. */
export const PALETTE = [
  '#2563eb',
  '#ea580c',
  '#16a34a',
  '#9333ea',
  '#0891b2',
  '#db2777',
  '#ca8a04',
  '#475569',
];

export function paletteColor(index: number): string {
  return PALETTE[index % PALETTE.length] ?? '#2563eb';
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Round to 0.1 px to keep the SVG compact and the output stable. */
export function r(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

export interface TextOptions {
  size?: number;
  anchor?: 'start' | 'middle' | 'end';
  color?: string;
  weight?: 'normal' | 'bold';
  rotate?: number;
  italic?: boolean;
}

/** Text whose y is the vertical centre of the line (librsvg-safe, no dominant-baseline). */
export function text(x: number, y: number, content: string, options: TextOptions = {}): string {
  const size = options.size ?? 12;
  const anchor = options.anchor ?? 'start';
  const baseline = y + size * 0.36;
  const transform = options.rotate ? ` transform="rotate(${options.rotate} ${r(x)} ${r(y)})"` : '';
  return (
    `<text x="${r(x)}" y="${r(baseline)}" font-size="${size}" text-anchor="${anchor}" fill="${options.color ?? COLORS.text}"` +
    `${options.weight === 'bold' ? ' font-weight="bold"' : ''}${options.italic ? ' font-style="italic"' : ''}${transform}>${esc(content)}</text>`
  );
}

/** Approximate rendered width of DejaVu Sans text. */
export function textWidth(content: string, size = 12): number {
  return content.length * size * 0.6;
}

/** Truncate text to fit a width, adding an ellipsis. */
export function fit(content: string, width: number, size = 12): string {
  const max = Math.floor(width / (size * 0.6));
  if (content.length <= max) return content;
  return `${content.slice(0, Math.max(0, max - 1))}…`;
}

/** Greedy word wrap by estimated width. */
export function wrap(content: string, width: number, size = 12): string[] {
  const max = Math.max(1, Math.floor(width / (size * 0.6)));
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(/\s+/)) {
    if (!word) continue;
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function rect(box: Rect, fill: string, extra = ''): string {
  return `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.width)}" height="${r(box.height)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width = 1,
  dash?: string,
): string {
  return `<line x1="${r(x1)}" y1="${r(y1)}" x2="${r(x2)}" y2="${r(y2)}" stroke="${stroke}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
}

/** Inset a rectangle. */
export function inset(box: Rect, top: number, right: number, bottom: number, left: number): Rect {
  return {
    x: box.x + left,
    y: box.y + top,
    width: box.width - left - right,
    height: box.height - top - bottom,
  };
}

/** A white card with a border and an optional heading; returns the svg and the inner area. */
export function card(box: Rect, heading?: string): { svg: string; inner: Rect } {
  const parts = [rect(box, COLORS.panel, `stroke="${COLORS.border}" rx="4"`)];
  if (heading) parts.push(text(box.x + 14, box.y + 18, heading, { size: 13, weight: 'bold' }));
  return { svg: parts.join(''), inner: inset(box, heading ? 32 : 10, 12, 10, 12) };
}

export interface LegendItem {
  name: string;
  color: string;
  kind?: 'line' | 'box' | 'dash' | 'dot' | 'hollow';
}

export function legend(x: number, y: number, items: LegendItem[], anchor: 'start' | 'end' = 'end'): string {
  const widths = items.map((item) => textWidth(item.name, 12) + 34);
  const total = widths.reduce((a, b) => a + b, 0);
  let cx = anchor === 'end' ? x - total : x;
  const parts: string[] = [];
  items.forEach((item, i) => {
    const kind = item.kind ?? 'line';
    if (kind === 'box') parts.push(rect({ x: cx, y: y - 6, width: 14, height: 12 }, item.color, 'rx="2"'));
    else if (kind === 'dot')
      parts.push(`<circle cx="${r(cx + 7)}" cy="${r(y)}" r="5" fill="${item.color}"/>`);
    else if (kind === 'hollow')
      parts.push(
        `<circle cx="${r(cx + 7)}" cy="${r(y)}" r="5" fill="#fff" stroke="${item.color}" stroke-width="2"/>`,
      );
    else parts.push(line(cx, y, cx + 18, y, item.color, 3, kind === 'dash' ? '5 3' : undefined));
    parts.push(text(cx + 24, y, item.name, { size: 12, color: COLORS.text }));
    cx += widths[i] ?? 0;
  });
  return parts.join('');
}

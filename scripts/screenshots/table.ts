/** Data table with header, optional group rows, shaded cells and per-row sparklines. */
import { COLORS, card, fit, line, r, rect, text, type Rect } from './svg';

export interface CellObject {
  text: string;
  color?: string;
  bg?: string;
  bold?: boolean;
  /** Draw a small line chart in the cell instead of text. */
  spark?: number[];
}

export type Cell = string | CellObject;

export interface TableColumn {
  header: string;
  align?: 'left' | 'right' | 'center';
  /** Relative width weight (default 1). */
  width?: number;
}

export interface TableRow {
  cells: Cell[];
  /** A full-width group heading row (cells ignored). */
  group?: string;
  bold?: boolean;
  bg?: string;
  /** Draw a heavier line above this row. */
  separator?: boolean;
}

export interface TableOptions {
  heading?: string;
  columns: TableColumn[];
  rows: TableRow[];
  rowHeight?: number;
  fontSize?: number;
  zebra?: boolean;
  /** Index of a highlighted (selected) row. */
  selected?: number;
  /** Text under the last row, e.g. "Showing 20 of 503". */
  status?: string;
}

function cellObject(cell: Cell | undefined): CellObject {
  if (cell === undefined) return { text: '' };
  return typeof cell === 'string' ? { text: cell } : cell;
}

export function sparkline(box: Rect, values: number[], color: string): string {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const d = values
    .map((v, i) => {
      const x = box.x + (i / Math.max(1, values.length - 1)) * box.width;
      const y = box.y + box.height - ((v - lo) / (hi - lo || 1)) * box.height;
      return `${i === 0 ? 'M' : 'L'}${r(x)} ${r(y)}`;
    })
    .join('');
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="1.5" stroke-linejoin="round"/>`;
}

export function table(box: Rect, options: TableOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  const size = options.fontSize ?? 13;
  const rowHeight = options.rowHeight ?? 26;
  const headerHeight = rowHeight + 4;
  const totalWeight = options.columns.reduce((a, c) => a + (c.width ?? 1), 0);
  const xs: number[] = [];
  let acc = inner.x;
  for (const column of options.columns) {
    xs.push(acc);
    acc += ((column.width ?? 1) / totalWeight) * inner.width;
  }
  const colWidth = (i: number) => ((options.columns[i]?.width ?? 1) / totalWeight) * inner.width;
  const pad = 8;

  // Header.
  parts.push(rect({ x: inner.x, y: inner.y, width: inner.width, height: headerHeight }, '#f3f4f6'));
  options.columns.forEach((column, i) => {
    const x = xs[i] ?? inner.x;
    const w = colWidth(i);
    const align = column.align ?? 'left';
    const tx = align === 'left' ? x + pad : align === 'right' ? x + w - pad : x + w / 2;
    parts.push(
      text(tx, inner.y + headerHeight / 2, fit(column.header, w - pad * 2, size - 1), {
        size: size - 1,
        anchor: align === 'left' ? 'start' : align === 'right' ? 'end' : 'middle',
        weight: 'bold',
        color: '#374151',
      }),
    );
  });
  parts.push(
    line(inner.x, inner.y + headerHeight, inner.x + inner.width, inner.y + headerHeight, COLORS.border, 1.5),
  );

  const statusHeight = options.status ? 24 : 0;
  const available = inner.height - headerHeight - statusHeight;
  const visible = Math.min(options.rows.length, Math.floor(available / rowHeight));
  let y = inner.y + headerHeight;
  for (let ri = 0; ri < visible; ri++) {
    const row = options.rows[ri];
    if (!row) continue;
    const rowBox = { x: inner.x, y, width: inner.width, height: rowHeight };
    if (row.group !== undefined) {
      parts.push(rect(rowBox, '#eef2f7'));
      parts.push(
        text(inner.x + pad, y + rowHeight / 2, row.group, { size, weight: 'bold', color: '#1e3a8a' }),
      );
    } else {
      const bg =
        ri === options.selected
          ? '#dbeafe'
          : (row.bg ?? (options.zebra !== false && ri % 2 === 1 ? '#fafafa' : undefined));
      if (bg) parts.push(rect(rowBox, bg));
      row.cells.forEach((raw, ci) => {
        const cell = cellObject(raw);
        const x = xs[ci] ?? inner.x;
        const w = colWidth(ci);
        if (cell.bg) parts.push(rect({ x: x + 1, y: y + 1, width: w - 2, height: rowHeight - 2 }, cell.bg));
        if (cell.spark) {
          parts.push(
            sparkline(
              { x: x + pad, y: y + 5, width: w - pad * 2, height: rowHeight - 10 },
              cell.spark,
              cell.color ?? COLORS.accent,
            ),
          );
          return;
        }
        const align = options.columns[ci]?.align ?? 'left';
        const tx = align === 'left' ? x + pad : align === 'right' ? x + w - pad : x + w / 2;
        parts.push(
          text(tx, y + rowHeight / 2, fit(cell.text, w - pad * 2, size), {
            size,
            anchor: align === 'left' ? 'start' : align === 'right' ? 'end' : 'middle',
            color: cell.color ?? COLORS.text,
            weight: cell.bold || row.bold ? 'bold' : 'normal',
          }),
        );
      });
    }
    if (row.separator) parts.push(line(inner.x, y, inner.x + inner.width, y, '#6b7280', 1.5));
    y += rowHeight;
    parts.push(line(inner.x, y, inner.x + inner.width, y, COLORS.grid));
  }
  if (options.status)
    parts.push(
      text(inner.x + pad, inner.y + inner.height - 10, options.status, { size: 12, color: COLORS.muted }),
    );
  return parts.join('');
}

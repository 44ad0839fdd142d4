/** Heatmap table: a table whose numeric cells are shaded on a diverging scale. */
import { table, type Cell, type TableColumn, type TableRow } from './table';
import type { Format } from './scale';
import type { Rect } from './svg';

interface HeatmapRow {
  labels: string[];
  values: (number | null)[];
  /** Leave this row unshaded (e.g. summary counts). */
  plain?: boolean;
  bold?: boolean;
  separator?: boolean;
}

export interface HeatmapOptions {
  heading?: string;
  /** Headers of the label columns on the left. */
  labelColumns: { header: string; width?: number }[];
  valueColumns: string[];
  rows: HeatmapRow[];
  /** Absolute value at which the colour saturates. */
  saturation: number;
  format: Format;
  /** 'gain-loss' shades green/red; 'correlation' shades blue/red. */
  palette?: 'gain-loss' | 'correlation';
  valueWidth?: number;
  rowHeight?: number;
  fontSize?: number;
  /** Per-value-column saturation, overriding `saturation`. */
  columnSaturation?: number[];
  /** Per-row format override for plain rows. */
  plainFormat?: Format;
}

function mix(a: [number, number, number], b: [number, number, number], t: number): string {
  const c = a.map((v, i) => Math.round(v + ((b[i] ?? v) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Shade for a value: white at zero, saturated at +/- saturation; quantized so palette PNGs stay small. */
function shade(
  value: number,
  saturation: number,
  palette: 'gain-loss' | 'correlation' = 'gain-loss',
): string {
  const t = Math.min(1, Math.abs(value) / saturation);
  const stepped = Math.round(t * 8) / 8;
  const white: [number, number, number] = [255, 255, 255];
  const positive: [number, number, number] = palette === 'gain-loss' ? [74, 190, 110] : [59, 110, 220];
  const negative: [number, number, number] = palette === 'gain-loss' ? [230, 85, 85] : [225, 80, 70];
  return mix(white, value >= 0 ? positive : negative, stepped * 0.85);
}

export function heatmap(box: Rect, options: HeatmapOptions): string {
  const columns: TableColumn[] = [
    ...options.labelColumns.map((c) => ({ header: c.header, width: c.width ?? 1.2 })),
    ...options.valueColumns.map((header) => ({
      header,
      align: 'center' as const,
      width: options.valueWidth ?? 1,
    })),
  ];
  const rows: TableRow[] = options.rows.map((row) => ({
    bold: row.bold,
    separator: row.separator,
    bg: row.plain ? '#f9fafb' : undefined,
    cells: [
      ...row.labels,
      ...row.values.map((v, i): Cell => {
        if (v === null) return { text: '' };
        if (row.plain) return { text: (options.plainFormat ?? options.format)(v) };
        const saturation = options.columnSaturation?.[i] ?? options.saturation;
        return { text: options.format(v), bg: shade(v, saturation, options.palette) };
      }),
    ],
  }));
  return table(box, {
    heading: options.heading,
    columns,
    rows,
    zebra: false,
    rowHeight: options.rowHeight,
    fontSize: options.fontSize,
  });
}

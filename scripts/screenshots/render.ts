/** Chart descriptions and the dispatch from a description to SVG and PNG. */
import sharp from 'sharp';
import { barChart, type BarChartOptions } from './bar-chart';
import { calendar, type CalendarOptions } from './calendar';
import { CONTENT, frame, type FrameOptions } from './frame';
import { heatmap, type HeatmapOptions } from './heatmap';
import { lineChart, type LineChartOptions } from './line-chart';
import { entryList, note, profile, type ListOptions, type NoteOptions, type ProfileOptions } from './panel';
import { Rng } from './prng';
import { darkName, darkSvg, SCHEMES, type Scheme } from './scheme';
import { scatter, type ScatterOptions } from './scatter';
import { smallMultiples, type SmallMultiplesOptions } from './small-multiples';
import type { Rect } from './svg';
import { table, type TableOptions } from './table';

type Chart =
  | ({ kind: 'line' } & LineChartOptions)
  | ({ kind: 'bar' } & BarChartOptions)
  | ({ kind: 'heatmap' } & HeatmapOptions)
  | ({ kind: 'table' } & TableOptions)
  | ({ kind: 'scatter' } & ScatterOptions)
  | ({ kind: 'calendar' } & CalendarOptions)
  | ({ kind: 'profile' } & ProfileOptions)
  | ({ kind: 'list' } & ListOptions)
  | ({ kind: 'note' } & NoteOptions)
  | ({ kind: 'multiples' } & SmallMultiplesOptions)
  | { kind: 'split'; direction: 'row' | 'column'; sizes: number[]; children: Chart[] };

/** Builds a screenshot's chart; `rng` is seeded from the screenshot name so output is deterministic. */
type ChartBuilder = (rng: Rng) => Chart;

/** Chart builders keyed by screenshot file name. */
export type ChartBuilders = Record<string, ChartBuilder>;

export interface ScreenshotSpec extends FrameOptions {
  chart: ChartBuilder;
}

const GAP = 12;

function renderChart(box: Rect, chart: Chart): string {
  switch (chart.kind) {
    case 'line':
      return lineChart(box, chart);
    case 'bar':
      return barChart(box, chart);
    case 'heatmap':
      return heatmap(box, chart);
    case 'table':
      return table(box, chart);
    case 'scatter':
      return scatter(box, chart);
    case 'calendar':
      return calendar(box, chart);
    case 'profile':
      return profile(box, chart);
    case 'list':
      return entryList(box, chart);
    case 'note':
      return note(box, chart);
    case 'multiples':
      return smallMultiples(box, chart);
    case 'split': {
      const total = chart.sizes.reduce((a, b) => a + b, 0);
      const along = chart.direction === 'row' ? box.width : box.height;
      const usable = along - GAP * (chart.children.length - 1);
      let offset = 0;
      return chart.children
        .map((child, i) => {
          const size = ((chart.sizes[i] ?? 1) / total) * usable;
          const sub: Rect =
            chart.direction === 'row'
              ? { x: box.x + offset, y: box.y, width: size, height: box.height }
              : { x: box.x, y: box.y + offset, width: box.width, height: size };
          offset += size + GAP;
          return renderChart(sub, child);
        })
        .join('');
    }
  }
}

/** Full screenshot SVG for one spec, in the light scheme or the dark (the same picture, recoloured). */
export function renderSvg(name: string, spec: ScreenshotSpec, scheme: Scheme = 'light'): string {
  const chart = spec.chart(new Rng(name));
  const svg = frame(spec, renderChart(CONTENT, chart));
  return scheme === 'dark' ? darkSvg(svg) : svg;
}

/** Rasterize an SVG to a small palette PNG. */
export function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true, effort: 10, colours: 128, dither: 0 })
    .toBuffer();
}

export interface Picture {
  /** File name in content/images/tools (the dark variant's is darkName's). */
  file: string;
  /** The screenshot it shows: its name seeds the data, so both schemes show the same values. */
  name: string;
  spec: ScreenshotSpec;
  scheme: Scheme;
}

/** Every picture file of the screenshots: each one's light and dark variant. */
export function pictures(specs: Map<string, ScreenshotSpec>): Picture[] {
  return [...specs].flatMap(([name, spec]) =>
    SCHEMES.map((scheme) => ({ file: scheme === 'dark' ? darkName(name) : name, name, spec, scheme })),
  );
}

import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGES_DIR, readScreenshots } from '../content';
import { frame } from '../frame';
import { lineChart } from '../line-chart';
import { darkName } from '../scheme';
import { loadSpecs } from '../specs';

describe('tool screenshots', () => {
  const screenshots = readScreenshots();
  const specs = loadSpecs(screenshots);

  it('finds screenshots in content/tools', () => {
    expect(screenshots.length).toBeGreaterThan(0);
  });

  it.each(screenshots.map((s) => [s.name]))(
    '%s has a spec and a 1200x720 PNG in each scheme',
    async (name) => {
      expect(specs.has(name)).toBe(true);
      for (const file of [name, darkName(name)].map((f) => path.join(IMAGES_DIR, f))) {
        expect(fs.existsSync(file)).toBe(true);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('png');
        expect(meta.width).toBe(1200);
        expect(meta.height).toBe(720);
      }
    },
  );
});

describe('line chart renderer', () => {
  it('produces a valid SVG with the title and heading text', async () => {
    const svg = frame(
      { title: 'Treasury Rates', inputs: [['Symbol', 'TEST']] },
      lineChart(
        { x: 16, y: 96, width: 1168, height: 590 },
        {
          heading: 'Yields & spreads',
          x: [2000, 2001, 2002],
          series: [{ name: '10-year', values: [5, 4.5, 4.8] }],
        },
      ),
    );
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Stockbench — Treasury Rates');
    expect(svg).toContain('Yields &amp; spreads');
    expect(svg).not.toContain('Illustrative data');
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(720);
  });
});

import { pictures, renderSvg } from '../render';
import { contrast, DARK, darkSvg, luminance } from '../scheme';
import { loadSpecs } from '../specs';

const all = pictures(loadSpecs());
const dark = all.filter((p) => p.scheme === 'dark');
const attribute = (element: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(element)?.[1] ?? '';

describe('the pictures the renderer draws', () => {
  it('come in a light and a dark scheme each', () => {
    expect(dark.length).toBeGreaterThan(0);
    expect(dark.length * 2).toBe(all.length);
  });

  // The note on the data is the page's caption under the picture, read once, not in every picture.
  it.each(all.map((p) => [p.file, p] as const))('%s holds no "Illustrative data" text', (_file, p) => {
    expect(renderSvg(p.name, p.spec, p.scheme)).not.toMatch(/Illustrative data|synthetic values/i);
  });
});

describe('the dark scheme', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  // A selected row (#dbeafe), a tag (#eef2f7) and the faintest heatmap cell stay dark enough for the
  // muted text (#6b7280) and the primary text (#1f2937) drawn on them.
  it.each(['#dbeafe', '#eef2f7', '#ecf8f0', '#fdeeee'])('keeps text readable on the tint %s', (tint) => {
    const svg = darkSvg(
      `<svg><rect fill="${tint}"/><text fill="#6b7280">a</text><text fill="#1f2937">b</text></svg>`,
    );
    const [fill, ...texts] = [...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1] ?? '');
    for (const text of texts) expect(contrast(text, fill ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  // Text sits on the panel, the window's background and its title bar.
  it.each(dark.map((p) => [p.file, p] as const))(
    '%s: every text reads at 4.5:1 or more on its dark surfaces',
    (_file, p) => {
      const texts = renderSvg(p.name, p.spec, p.scheme).match(/<text[^>]*>/g) ?? [];
      expect(texts.length).toBeGreaterThan(0);
      const weak = texts
        .map((t) => attribute(t, 'fill'))
        .flatMap((fill) =>
          [DARK.panel, DARK.background, DARK.titleBar]
            .filter((surface) => contrast(fill, surface) < 4.5)
            .map((surface) => `${fill} on ${surface}: ${contrast(fill, surface).toFixed(2)}`),
        );
      expect([...new Set(weak)]).toEqual([]);
    },
  );

  // A light block bigger than a legend swatch is what a dark page must not show.
  it.each(dark.map((p) => [p.file, p] as const))('%s: has no light area', (_file, p) => {
    const rects = renderSvg(p.name, p.spec, p.scheme).match(/<rect[^>]*>/g) ?? [];
    const light = rects.filter((r) => {
      const area = Number(attribute(r, 'width')) * Number(attribute(r, 'height'));
      return area > 400 && luminance(attribute(r, 'fill')) > 0.2;
    });
    expect(light).toEqual([]);
  });
});

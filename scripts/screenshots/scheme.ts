/**
 * The screenshots' dark scheme: the light render with each colour mapped by what it paints, to the
 * site's dark look (src/styles/tokens.css). Surfaces go dark, text and lines go light, and the
 * series keep their hue at a lightness that reads on the dark panel.
 */

export type Scheme = 'light' | 'dark';

export const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** The dark scheme's surfaces and text, after the site's dark tokens. */
export const DARK = {
  panel: '#121c25',
  background: '#0b1117',
  titleBar: '#1a2631',
  text: '#e6edf3',
};

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function format(rgb: Rgb): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHsl([r, g, b]: Rgb): Rgb {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function fromHsl([h, s, l]: Rgb): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return format([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/** The colour of hue `h` and saturation `s` whose luminance is closest to `target`. */
function withLuminance(h: number, s: number, target: number): string {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (luminance(fromHsl([h, s, mid])) < target) lo = mid;
    else hi = mid;
  }
  return fromHsl([h, s, (lo + hi) / 2]);
}

/** Luminance a colour needs for `ratio` against the lightest dark surface under text (the title bar). */
const readable = (ratio: number) => ratio * (luminance(DARK.titleBar) + 0.05) - 0.05;

// The window's chrome and the cards, by name, so the dark window has the site's own surfaces.
const SURFACES: Record<string, string> = {
  '#ffffff': DARK.panel,
  '#f3f4f6': DARK.background,
  '#e2e6ec': DARK.titleBar,
  '#e9ecf1': '#0f171f',
  '#f9fafb': '#17222c',
  '#fafafa': '#151f29',
  '#eef2f7': '#1f2d3a',
  '#e5e9f0': '#1d2a36',
};
const LINES: Record<string, string> = {
  '#e5e7eb': '#23313d',
  '#d1d5db': '#2e3d4a',
  '#cbd5e1': '#3a4b5a',
  '#9ca3af': '#5f7282',
};

// A chromatic fill at full strength reaches this luminance: 3:1 on the panel (a bar, a shaded
// cell) while the light text over a shaded cell keeps 4.5:1.
const FULL_FILL = 0.136;

/** A filled area: light surfaces become dark ones, strong fills keep their hue, darkened. */
function surface(hex: string): string {
  const named = SURFACES[hex];
  if (named) return named;
  const [h, s, l] = toHsl(parse(hex));
  if (s < 0.3) return fromHsl([210, Math.min(s, 0.2), 0.11 + (1 - l) * 0.55]);
  // Near-white tints (a selected row, a faint cell) stay near the panel, so muted text on them keeps
  // 4.5:1; the stronger a fill, the closer to FULL_FILL.
  const strength = Math.min(1, (1 - luminance(hex)) / (1 - 0.45)) ** 1.5;
  const panel = luminance(DARK.panel);
  return withLuminance(h, Math.min(s, 0.7), panel + strength * (FULL_FILL - panel));
}

/** A line or text: dark neutrals become light ones, and colours lighten until they read on the dark surfaces. */
function ink(hex: string, ratio: number): string {
  const [h, s, l] = toHsl(parse(hex));
  const inverted = s < 0.3 ? fromHsl([210, Math.min(s, 0.25), 1 - l * 0.8]) : hex;
  if (contrast(inverted, DARK.titleBar) >= ratio) return inverted;
  // A hair above the bound, so rounding to whole RGB values cannot fall below it.
  return withLuminance(h, s < 0.3 ? Math.min(s, 0.25) : s, readable(ratio) + 0.005);
}

const stroke = (hex: string) => LINES[hex] ?? ink(hex, 4.5);
// Dots are marks like lines (the hollow ones are filled with the panel).
const dot = (hex: string) => SURFACES[hex] ?? ink(hex, 4.5);
// White text sits on the accent (the active view's tab), which stays a strong fill.
const textFill = (hex: string) =>
  hex === '#ffffff' ? '#ffffff' : hex === '#1f2937' ? DARK.text : ink(hex, 4.5);

const normalise = (hex: string) => format(parse(hex.toLowerCase()));

/** The dark scheme of a light screenshot's SVG. */
export function darkSvg(svg: string): string {
  return svg.replace(/<(\w+)([^>]*)>/g, (_tag, name: string, attributes: string) => {
    const mapped = attributes.replace(
      /\b(fill|stroke)="(#[0-9a-fA-F]{3,6})"/g,
      (_attr, kind: string, color: string) => {
        const hex = normalise(color);
        const dark =
          kind === 'stroke'
            ? stroke(hex)
            : name === 'text'
              ? textFill(hex)
              : name === 'circle'
                ? dot(hex)
                : surface(hex);
        return `${kind}="${dark}"`;
      },
    );
    return `<${name}${mapped}>`;
  });
}

/** The file of a screenshot's dark variant, beside the light one: `gdp-1.png` → `gdp-1-dark.png`. */
export const darkName = (name: string): string => name.replace(/\.png$/, '-dark.png');

/** The light screenshot a file name belongs to (itself for a light one). */
export const lightName = (name: string): string => name.replace(/-dark\.png$/, '.png');

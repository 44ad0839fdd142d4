/** The desktop-app window around every screenshot: title bar, input toolbar, footer. */
import { COLORS, FONT, esc, line, rect, text, textWidth, type Rect } from './svg';

const WIDTH = 1200;
const HEIGHT = 720;

export interface FrameOptions {
  /** Tool title shown in the title bar. */
  title: string;
  /** Toolbar inputs as [label, value] pairs. */
  inputs: [string, string][];
  /** View tabs; the first entry in `activeView` is highlighted. */
  views?: string[];
  activeView?: string;
}

/** Area available to the chart renderers inside the frame. */
export const CONTENT: Rect = { x: 16, y: 96, width: WIDTH - 32, height: HEIGHT - 96 - 34 };

export function frame(options: FrameOptions, content: string): string {
  const parts: string[] = [];
  parts.push(rect({ x: 0, y: 0, width: WIDTH, height: HEIGHT }, COLORS.background));
  // Title bar.
  parts.push(rect({ x: 0, y: 0, width: WIDTH, height: 36 }, '#e2e6ec'));
  parts.push(line(0, 36, WIDTH, 36, COLORS.border));
  ['#f87171', '#fbbf24', '#4ade80'].forEach((color, i) => {
    parts.push(`<circle cx="${22 + i * 20}" cy="18" r="6" fill="${color}"/>`);
  });
  parts.push(
    text(WIDTH / 2, 18, `Stockbench — ${options.title}`, { size: 14, anchor: 'middle', weight: 'bold' }),
  );
  // Toolbar with inputs.
  parts.push(rect({ x: 0, y: 37, width: WIDTH, height: 46 }, '#ffffff'));
  parts.push(line(0, 83, WIDTH, 83, COLORS.border));
  let x = 16;
  for (const [label, value] of options.inputs) {
    parts.push(text(x, 60, label, { size: 12, color: COLORS.muted }));
    x += textWidth(label, 12) + 6;
    const boxWidth = textWidth(value, 13) + 20;
    parts.push(
      rect({ x, y: 47, width: boxWidth, height: 26 }, '#f9fafb', `stroke="${COLORS.border}" rx="4"`),
    );
    parts.push(text(x + 10, 60, value, { size: 13 }));
    x += boxWidth + 18;
  }
  if (options.views && options.views.length > 0) {
    let vx = WIDTH - 16;
    const views = [...options.views].reverse();
    for (const view of views) {
      const w = textWidth(view, 12) + 20;
      vx -= w;
      const active = view === (options.activeView ?? options.views[0]);
      parts.push(
        rect(
          { x: vx, y: 48, width: w, height: 24 },
          active ? COLORS.accent : '#ffffff',
          `stroke="${active ? COLORS.accent : COLORS.border}" rx="4"`,
        ),
      );
      parts.push(
        text(vx + w / 2, 60, view, { size: 12, anchor: 'middle', color: active ? '#ffffff' : COLORS.text }),
      );
      vx -= 6;
    }
  }
  parts.push(content);
  // Footer. The note that the data is made up is the page's caption under the picture, not in it.
  parts.push(line(0, HEIGHT - 28, WIDTH, HEIGHT - 28, COLORS.border));
  parts.push(rect({ x: 0, y: HEIGHT - 27, width: WIDTH, height: 27 }, '#e9ecf1'));
  parts.push(text(WIDTH - 16, HEIGHT - 13, 'Stockbench', { size: 11, anchor: 'end', color: COLORS.muted }));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" ` +
    `font-family="${esc(FONT)}">${parts.join('')}</svg>`
  );
}

/** Weekly calendar: one column per weekday, entries grouped by timing (before open / after close). */
import { COLORS, card, fit, line, rect, text, type Rect } from './svg';

interface CalendarEntry {
  symbol: string;
  name: string;
  group: string;
}

interface CalendarDay {
  label: string;
  entries: CalendarEntry[];
}

export interface CalendarOptions {
  heading?: string;
  days: CalendarDay[];
  groups: { name: string; color: string }[];
}

export function calendar(box: Rect, options: CalendarOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  const gap = 8;
  const colWidth = (inner.width - gap * (options.days.length - 1)) / options.days.length;
  options.days.forEach((day, di) => {
    const x = inner.x + di * (colWidth + gap);
    parts.push(
      rect(
        { x, y: inner.y, width: colWidth, height: inner.height },
        '#f9fafb',
        `stroke="${COLORS.border}" rx="4"`,
      ),
    );
    parts.push(rect({ x, y: inner.y, width: colWidth, height: 30 }, '#e5e9f0', 'rx="4"'));
    parts.push(
      text(x + colWidth / 2, inner.y + 15, day.label, { size: 13, anchor: 'middle', weight: 'bold' }),
    );
    let y = inner.y + 40;
    for (const group of options.groups) {
      const entries = day.entries.filter((e) => e.group === group.name);
      parts.push(text(x + 10, y + 6, group.name, { size: 11, color: group.color, weight: 'bold' }));
      parts.push(line(x + 10, y + 16, x + colWidth - 10, y + 16, COLORS.grid));
      y += 24;
      for (const entry of entries) {
        if (y + 30 > inner.y + inner.height) break;
        parts.push(
          rect(
            { x: x + 8, y, width: colWidth - 16, height: 28 },
            '#ffffff',
            `stroke="${COLORS.border}" rx="3"`,
          ),
        );
        parts.push(rect({ x: x + 8, y, width: 4, height: 28 }, group.color));
        parts.push(text(x + 18, y + 14, entry.symbol, { size: 12, weight: 'bold' }));
        parts.push(
          text(x + 70, y + 14, fit(entry.name, colWidth - 86, 11), { size: 11, color: COLORS.muted }),
        );
        y += 33;
      }
      y += 8;
    }
  });
  return parts.join('');
}

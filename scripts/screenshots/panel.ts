/** Text panels: a company profile, a list of dated entries, and a single note. */
import { COLORS, card, fit, line, rect, text, wrap, type Rect } from './svg';

export interface ProfileOptions {
  heading?: string;
  name: string;
  subtitle: string;
  fields: [string, string][];
  description: string;
}

export function profile(box: Rect, options: ProfileOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  parts.push(rect({ x: inner.x + 8, y: inner.y + 8, width: 56, height: 56 }, '#dbeafe', 'rx="8"'));
  parts.push(
    text(inner.x + 36, inner.y + 36, options.name.slice(0, 1), {
      size: 28,
      anchor: 'middle',
      weight: 'bold',
      color: '#1d4ed8',
    }),
  );
  parts.push(text(inner.x + 80, inner.y + 24, options.name, { size: 22, weight: 'bold' }));
  parts.push(text(inner.x + 80, inner.y + 50, options.subtitle, { size: 14, color: COLORS.muted }));
  let y = inner.y + 96;
  const colWidth = inner.width / 2;
  options.fields.forEach(([label, value], i) => {
    const x = inner.x + 8 + (i % 2) * colWidth;
    if (i % 2 === 0 && i > 0) y += 44;
    parts.push(text(x, y, label.toUpperCase(), { size: 11, color: COLORS.muted }));
    parts.push(text(x, y + 19, value, { size: 15 }));
  });
  y += 52;
  parts.push(line(inner.x + 8, y, inner.x + inner.width - 8, y, COLORS.grid));
  y += 22;
  parts.push(text(inner.x + 8, y, 'BUSINESS DESCRIPTION', { size: 11, color: COLORS.muted }));
  y += 24;
  for (const l of wrap(options.description, inner.width - 24, 14)) {
    if (y > inner.y + inner.height - 10) break;
    parts.push(text(inner.x + 8, y, l, { size: 14 }));
    y += 22;
  }
  return parts.join('');
}

interface ListEntry {
  date: string;
  title: string;
  text: string;
  tag?: string;
}

export interface ListOptions {
  heading?: string;
  entries: ListEntry[];
  selected?: number;
}

export function entryList(box: Rect, options: ListOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  const rowHeight = 58;
  let y = inner.y;
  options.entries.forEach((entry, i) => {
    if (y + rowHeight > inner.y + inner.height) return;
    if (i === options.selected)
      parts.push(rect({ x: inner.x, y, width: inner.width, height: rowHeight }, '#dbeafe'));
    parts.push(text(inner.x + 10, y + 18, entry.date, { size: 13, color: COLORS.muted }));
    parts.push(text(inner.x + 130, y + 18, entry.title, { size: 14, weight: 'bold' }));
    if (entry.tag) {
      parts.push(
        rect({ x: inner.x + inner.width - 110, y: y + 8, width: 100, height: 20 }, '#eef2f7', 'rx="10"'),
      );
      parts.push(
        text(inner.x + inner.width - 60, y + 18, entry.tag, { size: 11, anchor: 'middle', color: '#1e3a8a' }),
      );
    }
    parts.push(
      text(inner.x + 130, y + 40, fit(entry.text, inner.width - 150, 13), { size: 13, color: '#4b5563' }),
    );
    y += rowHeight;
    parts.push(line(inner.x, y, inner.x + inner.width, y, COLORS.grid));
  });
  return parts.join('');
}

export interface NoteOptions {
  heading?: string;
  date: string;
  title: string;
  body: string;
  fields?: [string, string][];
}

export function note(box: Rect, options: NoteOptions): string {
  const { svg: cardSvg, inner } = card(box, options.heading);
  const parts = [cardSvg];
  parts.push(text(inner.x + 6, inner.y + 12, options.date, { size: 13, color: COLORS.muted }));
  let y = inner.y + 38;
  for (const l of wrap(options.title, inner.width - 12, 16)) {
    parts.push(text(inner.x + 6, y, l, { size: 16, weight: 'bold' }));
    y += 22;
  }
  y += 8;
  for (const l of wrap(options.body, inner.width - 12, 13)) {
    if (y > inner.y + inner.height - 100) break;
    parts.push(text(inner.x + 6, y, l, { size: 13, color: '#374151' }));
    y += 20;
  }
  y += 10;
  for (const [label, value] of options.fields ?? []) {
    parts.push(line(inner.x + 6, y - 12, inner.x + inner.width - 6, y - 12, COLORS.grid));
    parts.push(text(inner.x + 6, y + 2, label, { size: 12, color: COLORS.muted }));
    parts.push(text(inner.x + inner.width - 6, y + 2, value, { size: 12, anchor: 'end', weight: 'bold' }));
    y += 28;
  }
  return parts.join('');
}

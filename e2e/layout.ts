import type { Locator, Page } from 'playwright-core';

// What the layout tests share: the widths a page must fit, and the check that nothing on a page is
// wider than the screen.

/** A small phone, a common phone, a tablet held upright. */
export const NARROW_WIDTHS = [320, 390, 768] as const;

/**
 * '' when the page fits its window's width, else what sticks out: the page's scroll width and the
 * outermost elements whose right edge passes the window's (so a failure names the culprit).
 */
export async function sidewaysOverflow(page: Page, label: string): Promise<string> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    const wide = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter(
      (el) => el.getBoundingClientRect().right > width + 0.5,
    );
    const outermost = wide.filter((el) => !wide.some((other) => other !== el && other.contains(el)));
    const describe = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''} (right edge ${Math.round(el.getBoundingClientRect().right)})`;
    return { scrollWidth: root.scrollWidth, width, culprits: outermost.slice(0, 5).map(describe) };
  });
  if (!found) return '';
  return `${label}: ${found.scrollWidth} px of content in ${found.width} px: ${found.culprits.join(', ')}`;
}

/** The page at each narrow width in turn: what sticks out at any of them. */
export async function overflowAtEachWidth(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of NARROW_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const text = await sidewaysOverflow(page, `${label} at ${width} px`);
    if (text) found.push(text);
  }
  return found;
}

/**
 * What of a stack-table cell (`td[data-label]`, a card's line on a phone: its label, then its value)
 * is drawn outside the value column: each line of text, described with where it lies. [] when all of
 * it sits in that column, on one line or wrapped inside it. Text hidden for screen readers only is
 * not drawn, so it is left out.
 */
export async function outsideValueColumn(cell: Locator): Promise<string[]> {
  return cell.evaluate((td) => {
    const style = getComputedStyle(td);
    if (style.display !== 'grid')
      return [`the cell is not a label and value grid (display: ${style.display})`];
    const box = td.getBoundingClientRect();
    const label = parseFloat(style.gridTemplateColumns.split(' ')[0] ?? '0');
    const start = box.left + parseFloat(style.paddingLeft) + label + parseFloat(style.columnGap);
    const end = box.right - parseFloat(style.paddingRight);
    const found: string[] = [];
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text || node.parentElement?.closest('.visually-hidden')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        if (r.width === 0) continue;
        if (r.left < start - 0.5 || r.right > end + 0.5) {
          found.push(
            `"${text}" at ${Math.round(r.left)} to ${Math.round(r.right)} px, the value column ${Math.round(start)} to ${Math.round(end)} px`,
          );
        }
      }
    }
    return found;
  });
}

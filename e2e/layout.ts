import type { Page } from 'playwright-core';

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

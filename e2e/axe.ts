import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core (Deque's accessibility engine) over the page as the visitor has it now, with every rule it
// ships: the WCAG 2.x A/AA rules and its best practices, and target-size (WCAG 2.2's 24 px targets),
// which axe ships turned off. The build fails on serious or critical findings.

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Rules whose findings follow from the site's styles, not from a page's words (text colour on its
 * background, the size and spacing of links and buttons): the same on every page of a template. They
 * are also axe's costliest (each measures every text node or target), so a test that audits many
 * pages of one template runs them on one of its pages ('every rule') and leaves them out on the others
 * ('content rules').
 */
const STYLE_RULES = ['color-contrast', 'target-size'];

export type AxeScope = 'every rule' | 'content rules';

function format(state: string, v: Result): string {
  const nodes = v.nodes.map((n) => {
    const target = n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' ');
    const why = n.failureSummary?.replace(/\s+/g, ' ').trim();
    return `    ${target}${why ? `: ${why}` : ''}`;
  });
  return [`${state}: [${v.impact ?? '?'}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes].join('\n');
}

/**
 * The serious and critical violations on `page` as readable text ('' for none): one entry each (rule, help link, and every
 * element with what is wrong with it), labelled with `state` (the route, or what the page shows).
 */
export async function seriousViolations(
  page: Page,
  state: string,
  scope: AxeScope = 'every rule',
): Promise<string> {
  // With frames (the card fields), axe runs in each and merges the parts in a blank page of its own;
  // a page without frames has nothing to merge, so one axe.run there gives the same findings without
  // opening and loading that extra page every check.
  const frameless = page.frames().length === 1;
  const builder = new AxeBuilder({ page })
    .setLegacyMode(frameless)
    // Only the violations are read: axe then gathers no element details for the rules that pass,
    // which halved each run's time (and the result's size) on a tool page.
    .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
  if (scope === 'content rules') builder.disableRules(STYLE_RULES);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => format(state, v))
    .join('\n');
}

// The themes the tools are grouped by on /tools and in the home page's window: a tool's `theme` in
// content/tools names one of these ids. In this order on the pages.
export const TOOL_THEMES = [
  {
    id: 'macro',
    label: 'Macro and rates',
    description:
      'The economy and the bond market from their official series: yields, inflation, jobs, money.',
  },
  {
    id: 'seasonality',
    label: 'Prices and seasonality',
    description:
      'How prices moved by year, month, week and weekday, around holidays and through political cycles.',
  },
  {
    id: 'companies',
    label: 'Companies and earnings',
    description: 'Earnings, statements, analysts and dividends for any listed company.',
  },
  {
    id: 'markets',
    label: 'Markets, ETFs and risk',
    description: 'ETFs and sectors, comparisons, correlation, trends and drawdowns across the market.',
  },
  {
    id: 'portfolio',
    label: 'Portfolio, journal and events',
    description:
      'Your own holdings, notes and event dates beside the market, and how prices behaved around events.',
  },
] as const;

export type ToolThemeId = (typeof TOOL_THEMES)[number]['id'];

const IDS: readonly string[] = TOOL_THEMES.map((t) => t.id);

export const isToolTheme = (value: string): value is ToolThemeId => IDS.includes(value);

/** Items grouped by theme, in the themes' order; themes with no item are left out. */
export function groupByTheme<T extends { theme: ToolThemeId }>(
  items: readonly T[],
): { theme: (typeof TOOL_THEMES)[number]; items: T[] }[] {
  return TOOL_THEMES.map((theme) => ({ theme, items: items.filter((i) => i.theme === theme.id) })).filter(
    (g) => g.items.length > 0,
  );
}

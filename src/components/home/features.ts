// The home page's screenshots (content/images/tools): the hero's, in the application's window, and each
// feature section's, the first beside its words, both in its lightbox.
export const heroScreenshot = 'treasury-rates-1.png';

export interface Feature {
  heading: string;
  text: string;
  screenshots: string[];
  link: { to: string; label: string };
}

export const features: Feature[] = [
  {
    heading: 'The macro picture on one screen',
    text: 'Treasury yields and the yield curve, inflation, employment, retail sales, M2, the fed funds rate, housing and GDP, each charted from its official series and refreshed when you reload.',
    screenshots: ['inflation-1.png', 'employment-1.png'],
    link: { to: '/tool/inflation', label: 'See Inflation' },
  },
  {
    heading: 'Seasonality without spreadsheets',
    text: 'Returns by year, month, week and weekday, around holidays, rate changes and earnings, and through the presidential cycle, with the sample size next to every average.',
    screenshots: ['performance-by-month-1.png', 'seasonality-1.png'],
    link: { to: '/tool/performance-by-month', label: 'See Performance by Month' },
  },
  {
    heading: 'Company research in a few clicks',
    text: 'Earnings history, beats and misses, financial statements, analyst price targets, upgrades and downgrades, dividends and a company overview for any listed stock.',
    screenshots: ['beats-and-misses-1.png', 'financial-statements-1.png'],
    link: { to: '/tool/beats-and-misses', label: 'See Earnings Beats and Misses' },
  },
  {
    heading: 'Your own data alongside the market',
    text: 'Import your portfolio, a research journal and your own event markers as CSV files, and see them on the same charts as the market data.',
    screenshots: ['portfolio-values-1.png', 'journal-1.png'],
    link: { to: '/user-imports', label: 'Read about user imports' },
  },
];

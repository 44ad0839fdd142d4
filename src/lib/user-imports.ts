// The three CSV import files of the desktop application, and where /user-imports documents each.
export const userImportKinds: Record<string, { file: string; anchor: string; description: string }> = {
  Events: {
    file: 'Events*.csv',
    anchor: 'eventscsv',
    description: 'shades your own date ranges on the chart, with an optional label at the top or bottom',
  },
  Journal: {
    file: 'Journal.csv',
    anchor: 'journalcsv',
    description: 'lists your dated research notes, each able to open a chart centred on its date',
  },
  Portfolio: {
    file: 'Portfolio*.csv',
    anchor: 'portfoliocsv',
    description: 'values your holdings (shares of any priced symbol, and $CASH) over time, grouped by tag',
  },
};

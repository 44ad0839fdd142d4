import { formatLongDate, formatPaddedDate, formatShortDate } from '../dates';

describe('date formats', () => {
  it('prints Last Updated as MMMM D, YYYY without shifting the day', () => {
    expect(formatLongDate('2024-05-30')).toBe('May 30, 2024');
    expect(formatLongDate('2023-04-08T00:00:00.000Z')).toBe('April 8, 2023');
  });

  it('prints changelog dates as M/D/YYYY', () => {
    expect(formatShortDate('2023-04-08')).toBe('4/8/2023');
    expect(formatShortDate('2024-12-01')).toBe('12/1/2024');
  });

  it('prints subscription dates as MM/DD/YYYY from epoch seconds', () => {
    expect(formatPaddedDate(Date.UTC(2024, 0, 5) / 1000, 'seconds')).toBe('01/05/2024');
    expect(formatPaddedDate('2024-11-30')).toBe('11/30/2024');
  });
});

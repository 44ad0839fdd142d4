import { formatPaddedDate } from '../../lib/dates';

/** A license's expirationDate while it renews monthly. */
export const RENEWING = 'NONE';

/** How a license's expiration reads in the tables: 'None - renews monthly' or MM/DD/YYYY. */
export const expirationLabel = (expirationDate: string): string =>
  expirationDate === RENEWING ? 'None - renews monthly' : formatPaddedDate(expirationDate);

// What every security mail is made from (one mail a file, each a function of this data to
// { subject, text, html }); the sender adds the recipient (security-events.ts, delete-customer.ts).

export interface SecurityMailData {
  /** When it happened, as the mail says it (ISO 8601; shown in UTC). */
  at: string;
  /** A link that ends every session of the account at once (/auth?mode=endSessions...). */
  endSessionsLink: string;
  supportEmail: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** "25 November 2026, 21:07 UTC". */
export const when = (iso: string): string => {
  const d = new Date(iso);
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
};

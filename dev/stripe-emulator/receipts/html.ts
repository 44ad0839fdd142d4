import type { Receipt } from './receipt';

// The receipt page a hosted_invoice_url opens: one self-contained HTML document, readable without
// scripts or external styles (the emulator serves it offline).

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function receiptHtml(r: Receipt, pdfUrl: string): string {
  const rows = r.lines
    .map((l) => `<tr><td>${escape(l.description)}</td><td class="num">${escape(l.amount)}</td></tr>`)
    .join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Receipt ${escape(r.number)} from ${escape(r.businessName)}</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #f4f5f7; margin: 0; }
      main { max-width: 40rem; margin: 2rem auto; background: #fff; padding: 2rem; border-radius: 8px; }
      h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
      dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1.5rem; }
      dt { color: #555; }
      dd { margin: 0; }
      table { width: 100%; border-collapse: collapse; margin: 1.5rem 0; }
      th, td { text-align: left; padding: 0.5rem 0; border-bottom: 1px solid #e3e3e3; }
      .num { text-align: right; white-space: nowrap; }
      tfoot td { font-weight: 600; border-bottom: none; }
      .status { font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      <h1>${escape(r.businessName)}</h1>
      <p>Receipt ${escape(r.number)}</p>
      <p class="status">${escape(r.statusLine)}</p>
      <dl>
        <dt>Invoice number</dt><dd>${escape(r.number)}</dd>
        <dt>Date</dt><dd>${escape(r.date)}</dd>
        <dt>Status</dt><dd>${escape(r.status)}</dd>
        ${r.billedTo.length ? `<dt>Billed to</dt><dd>${r.billedTo.map(escape).join('<br />')}</dd>` : ''}
      </dl>
      <table>
        <thead><tr><th>Description</th><th class="num">Amount</th></tr></thead>
        <tbody>
        ${rows}
        </tbody>
        <tfoot>
          <tr><td>Total</td><td class="num">${escape(r.total)}</td></tr>
          <tr><td>Amount paid</td><td class="num">${escape(r.amountPaid)}</td></tr>
          <tr><td>Amount due</td><td class="num">${escape(r.amountDue)}</td></tr>
        </tfoot>
      </table>
      <p><a href="${escape(pdfUrl)}">Download PDF</a></p>
    </main>
  </body>
</html>
`;
}

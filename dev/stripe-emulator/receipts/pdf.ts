// A one-page PDF of text lines, written by hand (PDF 1.4: catalog, page tree, one page, the two
// standard Helvetica fonts, one content stream, and the cross-reference table). The file stays pure
// ASCII: characters above 126 are written as octal escapes in WinAnsi (×, é, ...), others as "?".

export type PdfLine = {
  text: string;
  /** Points from the left edge of the page. */
  x: number;
  /** Points from the top edge of the page. */
  top: number;
  size?: number;
  bold?: boolean;
};

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;

function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 32 && code <= 126) out += ch;
    else if (code >= 160 && code <= 255) out += `\\${code.toString(8)}`;
    else if (code === 0x2013 || code === 0x2014) out += '-';
    else out += '?';
  }
  return `(${out})`;
}

export function textPdf(lines: PdfLine[], title: string): string {
  const content = lines
    .map(
      (l) =>
        `BT /${l.bold ? 'F2' : 'F1'} ${l.size ?? 11} Tf ${l.x} ${PAGE_HEIGHT - l.top} Td ${pdfString(l.text)} Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Stockbench Stripe emulator) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return out;
}

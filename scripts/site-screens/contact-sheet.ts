import fs from 'node:fs';
import path from 'node:path';
import type { Look, Shot } from './shots';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html beside the pictures: one row per page and state, its four looks side by side (each opens
 * the full picture), so a person can walk the whole site at once.
 */
export function writeContactSheet(outDir: string, shots: readonly Shot[], looks: readonly Look[]): string {
  const ids = [...new Set(shots.map((s) => s.id))];
  const rows = ids.map((id) => {
    const cells = looks.map((look) => {
      const shot = shots.find((s) => s.id === id && s.look === look.name);
      if (!shot) return '<td></td>';
      const src = escape(path.relative(outDir, shot.file));
      return `<td><a href="${src}"><img src="${src}" alt="${escape(`${shot.caption}, ${look.name}`)}" loading="lazy"></a></td>`;
    });
    const caption = shots.find((s) => s.id === id)?.caption ?? id;
    return `<tr><th scope="row" id="${escape(id)}"><a href="#${escape(id)}">${escape(caption)}</a></th>${cells.join('')}</tr>`;
  });
  const html = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>Stockbench: every page, desktop and phone, light and dark</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 1rem; }
  table { border-collapse: collapse; }
  th, td { vertical-align: top; padding: 0.5rem; border-top: 1px solid #ccc; text-align: left; }
  th[scope=row] { width: 12rem; }
  img { display: block; width: 18rem; max-height: 36rem; object-fit: cover; object-position: top; border: 1px solid #ccc; }
</style>
<h1>Stockbench: ${ids.length} pages and states</h1>
<p>Each picture is the whole page; open one to see it at full size. Made by <code>npm run screenshots:site</code>.</p>
<table>
<thead><tr><th scope="col">page</th>${looks.map((l) => `<th scope="col">${escape(l.name)}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</html>
`;
  const file = path.join(outDir, 'index.html');
  fs.writeFileSync(file, html);
  return file;
}

import fs from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { builtPages } from './built-pages';
import { htmlValidateConfig } from './html-validate-config';
import { PUBLIC_DIR } from './site';

const validator = new HtmlValidate(htmlValidateConfig);
const pages = builtPages();

describe('the HTML of every built page', () => {
  it('covers the public pages, the account pages and the 404 page', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        'index.html',
        'tools/index.html',
        'tool/treasury-rates/index.html',
        'licenses/index.html',
        '404.html',
      ]),
    );
  });

  it.each(pages)('%s is valid HTML (html-validate)', async (page) => {
    const html = fs.readFileSync(path.join(PUBLIC_DIR, page), 'utf8');
    const report = await validator.validateString(html, page);
    const problems = report.results.flatMap((r) =>
      r.messages.map((m) => `${m.ruleId}: ${m.message} (at ${m.selector ?? `${m.line}:${m.column}`})`),
    );
    expect(problems).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { SUBSET_RANGES, unicodeRange } from '../font-subset';

// The @font-face's unicode-range names exactly the characters `npm run font` keeps in the file: a
// character outside it falls back to the system font instead of showing as a missing glyph.
describe('the typeface subset', () => {
  it('has the same characters in the stylesheet as in the subset list', () => {
    const css = fs.readFileSync(path.join(__dirname, '..', 'fonts.css'), 'utf8');
    const declared = /unicode-range:\s*([^;]+);/.exec(css)?.[1]?.replace(/\s+/g, ' ').trim();
    expect(declared).toBe(unicodeRange(SUBSET_RANGES));
  });

  it('keeps the font file within its budget', () => {
    const size = fs.statSync(path.join(__dirname, '..', 'fonts', 'inter-variable.woff2')).size;
    expect(size / 1024).toBeLessThan(60);
  });
});

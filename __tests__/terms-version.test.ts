import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TERMS_SHA256, TERMS_VERSION } from '../src/lib/terms-version';

// A buyer's acceptance names a version of the terms; the version must name one text. When the terms
// change, give them a new version (the day the new text takes effect) with the new text's hash.

it('the terms version names the text of content/legal/terms.md', () => {
  const text = readFileSync(path.join(__dirname, '..', 'content', 'legal', 'terms.md'));
  const hash = createHash('sha256').update(text).digest('hex');
  expect({ version: TERMS_VERSION, sha256: hash }).toEqual({ version: TERMS_VERSION, sha256: TERMS_SHA256 });
  expect(TERMS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

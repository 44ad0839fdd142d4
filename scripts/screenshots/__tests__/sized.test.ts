import fs from 'node:fs';
import path from 'node:path';
import { sizedFileName, sizedVariants } from '../../../src/lib/screenshot-image';
import { IMAGES_DIR } from '../content';
import { readDigests, sha256 } from '../digests';
import { displayWidths, renderSized } from '../sized';
import { readSizedManifest, SIZED_DIR } from '../sized-manifest';

// The build publishes the sizes in content/images/tools/sized/ as they are (no image jobs), so they
// must be the sizes of the committed PNG, at every width a page's srcset lists, in both formats.
describe('the screenshots’ committed sizes', () => {
  const digests = readDigests();
  const manifest = readSizedManifest();
  const names = Object.keys(digests).sort();
  const numeric = (keys: string[]) => keys.map(Number).sort((a, b) => a - b);

  it('sized.json lists exactly the screenshots', () => {
    expect(Object.keys(manifest).sort()).toEqual(names);
  });

  it.each(names)('%s: made from the committed PNG, at every width its pages ask for', (name) => {
    const entry = manifest[name];
    if (!entry) throw new Error(`${name} has no entry in sized.json; run npm run screenshots -- --sized`);
    expect(entry.source).toBe(digests[name]?.png);
    const source = { name, width: entry.width, height: entry.height };
    const wanted = numeric([
      ...new Set(displayWidths(name).flatMap((w) => sizedVariants(source, w).map((v) => String(v.width)))),
    ]);
    expect(numeric(Object.keys(entry.webp))).toEqual(wanted);
    // At the screenshot's own width the PNG is the committed file itself.
    expect(numeric(Object.keys(entry.png))).toEqual(wanted.filter((w) => w !== entry.width));
    for (const format of ['webp', 'png'] as const) {
      for (const [width, digest] of Object.entries(entry[format])) {
        const file = path.join(SIZED_DIR, sizedFileName(name, Number(width), format));
        expect(fs.existsSync(file) ? sha256(fs.readFileSync(file)) : `${file} is missing`).toBe(digest);
      }
    }
  });

  it('holds no file that sized.json does not list', () => {
    const listed = Object.entries(manifest).flatMap(([name, entry]) =>
      (['webp', 'png'] as const).flatMap((format) =>
        Object.keys(entry[format]).map((w) => sizedFileName(name, Number(w), format)),
      ),
    );
    expect(fs.readdirSync(SIZED_DIR).sort()).toEqual(listed.sort());
  });

  it('renders a screenshot’s sizes to the committed bytes', async () => {
    const name = 'treasury-rates-1.png';
    const { entry, files } = await renderSized(name, fs.readFileSync(path.join(IMAGES_DIR, name)));
    expect(entry).toEqual(manifest[name]);
    for (const [file, bytes] of files)
      expect(bytes.equals(fs.readFileSync(path.join(SIZED_DIR, file)))).toBe(true);
  });
});

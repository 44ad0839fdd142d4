import fs from 'node:fs';
import path from 'node:path';
import { IMAGES_DIR } from '../content';
import { readDigests, sha256 } from '../digests';
import { pictures, renderPng, renderSvg } from '../render';
import { loadSpecs } from '../specs';

// Rasterizing all screenshots takes 15-40 s on a shared machine, so each committed PNG is tied to its
// SVG through digests.json (written by `npm run screenshots` together with the PNG), and one screenshot
// is rasterized in full to show the PNG step still reproduces the committed bytes.
describe('committed screenshots match the generator', () => {
  const specs = loadSpecs();
  const digests = readDigests();
  const all = pictures(specs);
  const rows = all.map((p) => [p.spec.title, p.file, p] as const);

  it.each(rows)('%s: %s', (title, name, picture) => {
    const file = path.join(IMAGES_DIR, name);
    const recorded = digests[name];
    const problem = !fs.existsSync(file)
      ? `${title}: ${name} is missing; run npm run screenshots`
      : !recorded
        ? `${title}: ${name} has no entry in digests.json; run npm run screenshots`
        : recorded.svg !== sha256(renderSvg(picture.name, picture.spec, picture.scheme))
          ? `${title}: ${name} no longer matches its spec or chart; run npm run screenshots`
          : recorded.png !== sha256(fs.readFileSync(file))
            ? `${title}: ${name} was changed after it was rendered; run npm run screenshots`
            : undefined;
    expect(problem).toBeUndefined();
  });

  it('digests.json lists exactly the pictures of the screenshots in content/tools, light and dark', () => {
    expect(Object.keys(digests).sort()).toEqual(all.map((p) => p.file).sort());
  });

  it.each(['light', 'dark'] as const)('rasterizes a %s screenshot to the committed bytes', async (scheme) => {
    const picture = all.find((p) => p.scheme === scheme);
    if (!picture) throw new Error('no screenshots');
    const png = await renderPng(renderSvg(picture.name, picture.spec, picture.scheme));
    const same = png.equals(fs.readFileSync(path.join(IMAGES_DIR, picture.file)));
    expect(
      same
        ? undefined
        : `${picture.spec.title}: ${picture.file} rasterizes to other bytes than the committed PNG`,
    ).toBeUndefined();
  });
});

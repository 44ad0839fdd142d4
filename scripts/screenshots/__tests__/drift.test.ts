import fs from 'node:fs';
import path from 'node:path';
import { IMAGES_DIR } from '../content';
import { readDigests, sha256 } from '../digests';
import { renderPng, renderSvg } from '../render';
import { loadSpecs } from '../specs';

// Rasterizing all screenshots takes 15-40 s on a shared machine, so each committed PNG is tied to its
// SVG through digests.json (written by `npm run screenshots` together with the PNG), and one screenshot
// is rasterized in full to show the PNG step still reproduces the committed bytes.
describe('committed screenshots match the generator', () => {
  const specs = loadSpecs();
  const digests = readDigests();
  const rows = [...specs].map(([name, spec]) => [spec.title, name] as const);

  it.each(rows)('%s: %s', (title, name) => {
    const spec = specs.get(name);
    if (!spec) throw new Error(`no spec for ${name}`);
    const file = path.join(IMAGES_DIR, name);
    const recorded = digests[name];
    const problem = !fs.existsSync(file)
      ? `${title}: ${name} is missing; run npm run screenshots`
      : !recorded
        ? `${title}: ${name} has no entry in digests.json; run npm run screenshots`
        : recorded.svg !== sha256(renderSvg(name, spec))
          ? `${title}: ${name} no longer matches its spec or chart; run npm run screenshots`
          : recorded.png !== sha256(fs.readFileSync(file))
            ? `${title}: ${name} was changed after it was rendered; run npm run screenshots`
            : undefined;
    expect(problem).toBeUndefined();
  });

  it('digests.json lists exactly the screenshots in content/tools', () => {
    expect(Object.keys(digests).sort()).toEqual([...specs.keys()].sort());
  });

  it('rasterizes a screenshot to the committed bytes', async () => {
    const [name, spec] = [...specs][0] ?? [];
    if (!name || !spec) throw new Error('no screenshots');
    const png = await renderPng(renderSvg(name, spec));
    const same = png.equals(fs.readFileSync(path.join(IMAGES_DIR, name)));
    expect(
      same ? undefined : `${spec.title}: ${name} rasterizes to other bytes than the committed PNG`,
    ).toBeUndefined();
  });
});

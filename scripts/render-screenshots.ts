/**
 * Renders the tool screenshots named in content/tools/*.md from deterministic, illustrative data.
 * Usage: npx tsx scripts/render-screenshots.ts [name-filter]
 *        npx tsx scripts/render-screenshots.ts --check   (renders in memory, compares with the committed PNGs)
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMAGES_DIR } from './screenshots/content';
import { readDigests, sha256, writeDigests } from './screenshots/digests';
import { renderPng, renderSvg } from './screenshots/render';
import { loadSpecs } from './screenshots/specs';

async function check(): Promise<number> {
  let drifted = 0;
  for (const [name, spec] of loadSpecs()) {
    const file = path.join(IMAGES_DIR, name);
    const committed = fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    const png = await renderPng(renderSvg(name, spec));
    if (!committed || !png.equals(committed)) {
      drifted++;
      console.error(`${spec.title}: ${name} differs from what the generator renders`);
    }
  }
  console.log(drifted === 0 ? 'All screenshots match.' : `${drifted} screenshot(s) differ.`);
  return drifted === 0 ? 0 : 1;
}

async function render(filter: string | undefined): Promise<number> {
  const specs = loadSpecs();
  const digests = filter ? readDigests() : {};
  fs.mkdirSync(IMAGES_DIR, { recursive: true });
  let total = 0;
  for (const [name, spec] of specs) {
    if (filter && !name.includes(filter)) continue;
    const svg = renderSvg(name, spec);
    const png = await renderPng(svg);
    fs.writeFileSync(path.join(IMAGES_DIR, name), png);
    digests[name] = { svg: sha256(svg), png: sha256(png) };
    total += png.length;
    console.log(`${name.padEnd(40)} ${(png.length / 1024).toFixed(1).padStart(6)} KB`);
  }
  writeDigests(digests);
  console.log(`Total ${(total / 1024).toFixed(1)} KB`);
  return 0;
}

const arg = process.argv[2];
(arg === '--check' ? check() : render(arg)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);

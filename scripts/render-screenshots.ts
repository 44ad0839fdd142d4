/**
 * Renders the tool screenshots named in content/tools/*.md from deterministic, illustrative data, each
 * in the light scheme and the dark (<name>-dark.png), and
 * the WebP sizes the site shows of each (content/images/tools/sized/, listed in sized.json).
 * Usage: npx tsx scripts/render-screenshots.ts [name-filter]
 *        npx tsx scripts/render-screenshots.ts --check   (renders in memory, compares with the committed PNGs)
 *        npx tsx scripts/render-screenshots.ts --sized   (only the WebP sizes, from the committed PNGs)
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMAGES_DIR } from './screenshots/content';
import { readDigests, sha256, writeDigests } from './screenshots/digests';
import { pictures, renderPng, renderSvg } from './screenshots/render';
import { renderSized } from './screenshots/sized';
import { readSizedManifest, SIZED_DIR, writeSizedManifest } from './screenshots/sized-manifest';
import { loadSpecs } from './screenshots/specs';

async function check(): Promise<number> {
  let drifted = 0;
  for (const { file, name, spec, scheme } of pictures(loadSpecs())) {
    const committedFile = path.join(IMAGES_DIR, file);
    const committed = fs.existsSync(committedFile) ? fs.readFileSync(committedFile) : undefined;
    const png = await renderPng(renderSvg(name, spec, scheme));
    if (!committed || !png.equals(committed)) {
      drifted++;
      console.error(`${spec.title}: ${file} differs from what the generator renders`);
    }
  }
  console.log(drifted === 0 ? 'All screenshots match.' : `${drifted} screenshot(s) differ.`);
  return drifted === 0 ? 0 : 1;
}

async function render(filter: string | undefined): Promise<number> {
  const specs = loadSpecs();
  const digests = filter ? readDigests() : {};
  const sized = filter ? readSizedManifest() : {};
  fs.mkdirSync(IMAGES_DIR, { recursive: true });
  // A full run starts the sizes afresh, so none of a removed screenshot stays behind.
  if (!filter) fs.rmSync(SIZED_DIR, { recursive: true, force: true });
  let total = 0;
  for (const { file, name, spec, scheme } of pictures(specs)) {
    if (filter && !name.includes(filter)) continue;
    const svg = renderSvg(name, spec, scheme);
    const png = await renderPng(svg);
    fs.writeFileSync(path.join(IMAGES_DIR, file), png);
    digests[file] = { svg: sha256(svg), png: sha256(png) };
    sized[file] = await writeSized(file, png);
    total += png.length;
    console.log(`${file.padEnd(40)} ${(png.length / 1024).toFixed(1).padStart(6)} KB`);
  }
  writeDigests(digests);
  writeSizedManifest(sized);
  console.log(`Total ${(total / 1024).toFixed(1)} KB`);
  return 0;
}

async function writeSized(name: string, png: Buffer) {
  const { entry, files } = await renderSized(name, png);
  fs.mkdirSync(SIZED_DIR, { recursive: true });
  for (const [file, bytes] of files) fs.writeFileSync(path.join(SIZED_DIR, file), bytes);
  return entry;
}

/** The WebP sizes alone, from the committed PNGs (after a change of the sizes the site shows). */
async function renderAllSized(): Promise<number> {
  fs.rmSync(SIZED_DIR, { recursive: true, force: true });
  const sized: Record<string, Awaited<ReturnType<typeof writeSized>>> = {};
  for (const { file } of pictures(loadSpecs())) {
    sized[file] = await writeSized(file, fs.readFileSync(path.join(IMAGES_DIR, file)));
  }
  writeSizedManifest(sized);
  const files = fs.readdirSync(SIZED_DIR);
  const bytes = files.reduce((sum, f) => sum + fs.statSync(path.join(SIZED_DIR, f)).size, 0);
  console.log(`${files.length} files, ${(bytes / 1024).toFixed(1)} KB`);
  return 0;
}

const arg = process.argv[2];
(arg === '--check' ? check() : arg === '--sized' ? renderAllSized() : render(arg)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);

/**
 * What `npm run screenshots` made of each screenshot for the site: its size, the digest of the PNG the
 * sizes were made from, and each size's file digest by format and width (the build publishes a file
 * under it, so a changed image gets a new URL). The build reads it; a test ties it to digests.json and
 * the files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { IMAGES_DIR } from './content';

export const SIZED_DIR = path.join(IMAGES_DIR, 'sized');
const MANIFEST_FILE = path.join(__dirname, 'sized.json');

const manifestSchema = z.record(
  z.string(),
  z.strictObject({
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    source: z.string(),
    /** Digest of each file, keyed by its width (the PNG at the full width is the source itself). */
    webp: z.record(z.string(), z.string()),
    png: z.record(z.string(), z.string()),
  }),
);

export type SizedManifest = z.infer<typeof manifestSchema>;

export function readSizedManifest(file = MANIFEST_FILE): SizedManifest {
  if (!fs.existsSync(file)) return {};
  return manifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

export function writeSizedManifest(manifest: SizedManifest, file = MANIFEST_FILE): void {
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
}

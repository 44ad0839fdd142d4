import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGES_DIR } from '../content';
import { DARK_MEDIA, screenshotPublisher } from '../publish';
import { readSizedManifest } from '../sized-manifest';

const NAME = 'treasury-rates-1.png';

// Every address the image data names (its fallback and each srcset entry), as a path under publicDir.
function publishedFiles(publicDir: string): string[] {
  const image = screenshotPublisher(publicDir)(path.join(IMAGES_DIR, NAME), 1200);
  const { fallback, sources = [] } = image.images;
  const srcSets = [fallback?.srcSet, ...sources.map((source) => source.srcSet)];
  const urls = [
    fallback?.src ?? '',
    ...srcSets.flatMap((srcSet) =>
      (srcSet ?? '').split(',').map((entry) => entry.trim().split(' ')[0] ?? ''),
    ),
  ];
  return [...new Set(urls.filter(Boolean))].map((url) => path.join(publicDir, url));
}

function expectSameBytesAsSources(files: string[]): void {
  const sized = fs.readdirSync(path.join(IMAGES_DIR, 'sized'));
  for (const file of files) {
    const base = path.basename(file);
    const source = base === NAME ? path.join(IMAGES_DIR, NAME) : path.join(IMAGES_DIR, 'sized', base);
    expect(sized.includes(base) || base === NAME).toBe(true);
    expect(fs.readFileSync(file).equals(fs.readFileSync(source))).toBe(true);
  }
}

describe('publishing a screenshot into public/', () => {
  it('puts every file its image data names under public/static/, with the sizes’ bytes', () => {
    expect(readSizedManifest()[NAME]).toBeDefined();
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-'));
    try {
      const files = publishedFiles(publicDir);
      expect(files.length).toBeGreaterThan(2);
      for (const file of files) expect(path.relative(publicDir, file)).toMatch(/^static\/[0-9a-f]{20}\//);
      expectSameBytesAsSources(files);
      // Published again (another page asks for it): nothing fails, nothing changes.
      expect(publishedFiles(publicDir)).toEqual(files);
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });

  it('names the dark variant’s WebP sizes for the dark scheme, before the light ones', () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-'));
    try {
      const image = screenshotPublisher(publicDir)(path.join(IMAGES_DIR, NAME), 720);
      const sources = (image.images.sources ?? []).map((source) => ({
        media: source.media,
        type: source.type,
        files: source.srcSet.split(',').map((entry) => path.basename(entry.trim().split(' ')[0] ?? '')),
      }));
      const stem = NAME.replace(/\.png$/, '');
      expect(sources.map(({ media, type }) => [media, type])).toEqual([
        [DARK_MEDIA, 'image/webp'],
        [undefined, 'image/webp'],
      ]);
      expect(sources[0]?.files.every((file) => file.startsWith(`${stem}-dark-`))).toBe(true);
      expect(sources[1]?.files.every((file) => file.startsWith(`${stem}-`) && !file.includes('-dark-'))).toBe(
        true,
      );
      expect(sources[0]?.files.length).toBe(sources[1]?.files.length);
      // The fallback, for a browser that knows neither WebP nor the dark scheme, is the light PNG.
      expect(path.basename(image.images.fallback?.src ?? '')).toMatch(new RegExp(`^${stem}-\\d+\\.png$`));
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });

  // /dev/shm is another file system than the checkout on Linux: there a link is refused (EXDEV).
  const otherDevice =
    fs.existsSync('/dev/shm') && fs.statSync('/dev/shm').dev !== fs.statSync(IMAGES_DIR).dev;
  (otherDevice ? it : it.skip)('copies where public/ is on another file system', () => {
    const publicDir = fs.mkdtempSync(path.join('/dev/shm', 'publish-'));
    try {
      const files = publishedFiles(publicDir);
      expectSameBytesAsSources(files);
      for (const file of files) expect(fs.statSync(file).nlink).toBe(1);
    } finally {
      fs.rmSync(publicDir, { recursive: true, force: true });
    }
  });
});

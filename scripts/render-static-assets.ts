// Renders the favicon PNGs and the Open Graph image into static/ from SVG, with sharp.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const staticDir = path.join(__dirname, '..', 'static');

const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="12" fill="#0f3d5e"/>
  <path d="M10 46 L24 32 L34 40 L54 18" fill="none" stroke="#7fd6b0" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  <rect x="10" y="50" width="44" height="4" rx="2" fill="#ffffff"/>
</svg>
`;

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0f3d5e"/>
  <path d="M80 520 L330 330 L520 430 L860 170 L1120 250" fill="none" stroke="#7fd6b0" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="80" y="150" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" fill="#ffffff">Stockbench</text>
  <text x="80" y="225" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#d9e6ef">46 stock and macro research tools on your desktop</text>
</svg>
`;

async function main() {
  await fs.mkdir(staticDir, { recursive: true });
  await fs.writeFile(path.join(staticDir, 'favicon.svg'), mark);
  await sharp(Buffer.from(mark)).resize(32, 32).png().toFile(path.join(staticDir, 'favicon-32.png'));
  await sharp(Buffer.from(mark)).resize(180, 180).png().toFile(path.join(staticDir, 'apple-touch-icon.png'));
  await sharp(Buffer.from(og))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(staticDir, 'og-image.png'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

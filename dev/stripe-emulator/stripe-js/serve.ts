import { buildSync } from 'esbuild';
import { join } from 'node:path';

let bundle: string | undefined;

/** The stand-in bundled once per process; the emulator's own URL is set at the top. */
export function standInScript(emulatorUrl: string): string {
  bundle ??= buildSync({
    entryPoints: [join(__dirname, 'stand-in.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]?.text;
  return `var __STRIPE_EMULATOR_URL__ = ${JSON.stringify(emulatorUrl)};\n${bundle ?? ''}`;
}

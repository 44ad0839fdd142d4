import { randomBytes } from 'node:crypto';

// License keys: 25 symbols of Crockford's base32 alphabet (no I, L, O or U, so nothing reads as 1, 0
// or another letter) in five groups of five. 25 x 5 bits = 125 random bits, beyond guessing.

export const KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 5;
const GROUP_LENGTH = 5;
const SYMBOLS = GROUPS * GROUP_LENGTH;
export const KEY_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){4}$/;

export function generateLicenseKey(): string {
  // 32 symbols = exactly 5 bits each, so taking 5 bits per symbol is unbiased.
  const bytes = randomBytes(Math.ceil((SYMBOLS * 5) / 8));
  let bits = 0;
  let acc = 0;
  let out = '';
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < SYMBOLS) {
      bits -= 5;
      out += KEY_ALPHABET[(acc >> bits) & 31];
    }
    acc &= (1 << bits) - 1;
  }
  return group(out);
}

function group(symbols: string): string {
  const parts: string[] = [];
  for (let i = 0; i < symbols.length; i += GROUP_LENGTH) parts.push(symbols.slice(i, i + GROUP_LENGTH));
  return parts.join('-');
}

/**
 * What a person typed, in canonical form, or undefined when it cannot be a key: case, spaces and
 * dashes do not matter, and the look-alikes O, I and L are read as 0, 1 and 1 as Crockford intends.
 */
export function normalizeLicenseKey(input: string): string | undefined {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (symbols.length !== SYMBOLS) return undefined;
  const key = group(symbols);
  return KEY_PATTERN.test(key) ? key : undefined;
}

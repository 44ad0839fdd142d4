import { generateLicenseKey, KEY_ALPHABET, KEY_PATTERN, normalizeLicenseKey } from '../lib/license-keys';

describe('license keys', () => {
  it('are five groups of five symbols from an alphabet without I, L, O or U', () => {
    for (let i = 0; i < 200; i++) {
      const key = generateLicenseKey();
      expect(key).toMatch(KEY_PATTERN);
      expect(key).not.toMatch(/[ILOU]/);
    }
    expect(KEY_ALPHABET).toHaveLength(32);
  });

  it('carry at least 120 random bits and do not repeat', () => {
    expect(25 * Math.log2(KEY_ALPHABET.length)).toBeGreaterThanOrEqual(120);
    const keys = new Set(Array.from({ length: 5000 }, generateLicenseKey));
    expect(keys.size).toBe(5000);
  });

  it('use every symbol about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      for (const c of generateLicenseKey().replace(/-/g, '')) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const expected = (2000 * 25) / 32;
    expect(counts.size).toBe(32);
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.15);
  });

  it('normalize what a person types', () => {
    const key = generateLicenseKey();
    expect(normalizeLicenseKey(key.toLowerCase())).toBe(key);
    expect(normalizeLicenseKey(` ${key.replace(/-/g, ' ')} `)).toBe(key);
    expect(normalizeLicenseKey('oooo0-iiiil-11111-22222-33333')).toBe('00000-11111-11111-22222-33333');
    expect(normalizeLicenseKey('ABCDE-FGHJK')).toBeUndefined();
    expect(normalizeLicenseKey('UUUUU-UUUUU-UUUUU-UUUUU-UUUUU')).toBeUndefined();
    expect(normalizeLicenseKey('')).toBeUndefined();
  });
});

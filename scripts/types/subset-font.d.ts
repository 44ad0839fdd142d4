// subset-font 2.9 ships no types; these are the parts scripts/subset-font.ts uses (its README's API).
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    /** OpenType feature tags to keep; all by default. */
    keepFeatures?: string[];
    /** Variation axes to pin (a number) or narrow (a range). */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  function subsetFont(buffer: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
  export = subsetFont;
}

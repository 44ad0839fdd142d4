// The characters of the site's typeface file (scripts/subset-font.ts) and of its @font-face
// unicode-range (src/styles/fonts.css): ASCII, Latin-1, and the typographic marks the content uses.
export const SUBSET_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xff], // Latin-1: accented letters, ©, ·, ×, non-breaking space
  [0x2009, 0x200a], // thin and hair spaces
  [0x2010, 0x2014], // hyphens and dashes
  [0x2018, 0x201e], // quotation marks
  [0x2022, 0x2022], // bullet
  [0x2026, 0x2026], // ellipsis
  [0x2032, 0x2033], // prime marks
  [0x2039, 0x203a], // single angle quotes
  [0x20ac, 0x20ac], // euro
  [0x2122, 0x2122], // trade mark
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
];

export const codePoints = (ranges: typeof SUBSET_RANGES): number[] =>
  ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** The ranges as CSS writes a unicode-range. */
export const unicodeRange = (ranges: typeof SUBSET_RANGES): string =>
  ranges
    .map(([from, to]) => {
      const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
      return from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`;
    })
    .join(', ');

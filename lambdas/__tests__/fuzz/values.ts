import fc from 'fast-check';

// The fuzz's requests and the arbitraries that know nothing of the accounts: JSON trees that can say
// what JSON.stringify cannot, wild scalars, prototype-shaped keys, junk text, content types, and
// query values kept to a length API Gateway routes.

export type J = null | boolean | number | string | J[] | { raw: string } | { obj: [string, J][] };

export type AuthKind =
  | 'none'
  | 'id'
  | 'id-no-bearer'
  | 'id-lowercase-bearer'
  | 'access'
  | 'revoked'
  | 'forged-sub'
  | 'access-as-id'
  | 'alg-none'
  | 'garbage';

/** Authorization that carries the attacker's valid ID token. */
export const VALID_ID: ReadonlySet<AuthKind> = new Set(['id', 'id-no-bearer', 'id-lowercase-bearer']);

export interface FuzzRequest {
  /** `METHOD /path` of the route it was generated for. */
  route: string;
  method: string;
  path: string;
  query: [string, string][];
  auth: AuthKind;
  garbageAuth?: string;
  headers: Record<string, string>;
  contentType: string | null;
  body: null | { text: string } | { base64: string };
}

export interface Answer {
  status: number;
  text: string;
  /** The Content-Type header, when the answer had one. */
  contentType?: string;
}

export function encode(v: J): string {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  // NaN and Infinity are not JSON: sent as written, they make the body invalid JSON (as intended).
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : String(v);
  if (Array.isArray(v)) return `[${v.map(encode).join(',')}]`;
  if ('raw' in v) return v.raw;
  return `{${v.obj.map(([k, x]) => `${JSON.stringify(k)}:${encode(x)}`).join(',')}}`;
}

export const obj = (o: Record<string, J>): J => ({ obj: Object.entries(o) });

// ---------------------------------------------------------------------------------------------------
// Arbitraries that know nothing of the accounts

export const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
export const headerSafe = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 80,
});
export const unicode = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('\u0000', '\uFFFF', '\uD800', '\u202E', 'İ', 'ß', '😀'.repeat(50), 'é'.repeat(300), '\r\n'),
);
/**
 * Text with what free text must not hold (src/lib/unsafe-text.ts): terminal sequences (erase a line,
 * move up, an OSC-8 link), CR, other C0 and C1 controls, DEL, bidirectional formatting characters and
 * line separators, alone or inside plausible text. Offered in every free-text field: each is a 400.
 */
const unsafeCharacters = [
  ...'\u0000\u0007\t\n\r\u001b\u007f\u0085\u009b',
  ...'\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029',
];
export const hostileText = fc.oneof(
  fc.constantFrom(
    'Acme\u001b[2K\rOK to refund',
    '\u001b]8;;https://evil.example/\u0007Acme\u001b]8;;\u0007',
    'Acme\u001b[1A\u001b[2KOK to refund',
    'invoice\u202Etxt.exe',
    'report\u2067exe.txt\u2069',
    'Acme\nOK to refund',
  ),
  fc
    .tuple(printable, fc.constantFrom(...unsafeCharacters), printable)
    .map(([before, ch, after]) => `${before}${ch}${after}`),
);
export const huge = fc.constantFrom(300, 5000, 17 * 1024).map((n) => 'x'.repeat(n));
export const numberish = fc.constantFrom<J>(
  0,
  1,
  5,
  6,
  -1,
  1.5,
  -0,
  2 ** 53 + 2,
  1e308,
  NaN,
  Infinity,
  { raw: '1e309' },
  { raw: '-1e309' },
  { raw: '1e-400' },
  { raw: '01' },
  { raw: '1.0' },
  { raw: '5e0' },
  'NaN',
  'Infinity',
  '1e309',
  '1',
  '5',
  '6',
  '0',
  '-1',
  ' 1',
  '0x1',
  '',
);
export const wildScalar: fc.Arbitrary<J> = fc.oneof(
  numberish,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  printable,
  unicode,
  huge,
  fc.constantFrom('__proto__', 'constructor', 'null', 'true', '{}', '[]', '$ne', '*', '%00', '../'),
);
/**
 * Names every JavaScript object answers to, offered in every string field of every route: an input that
 * becomes an object key ("__proto__", "constructor") must be refused or handled, never a 500.
 */
export const protoShaped: fc.Arbitrary<J> = fc.constantFrom(
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
);
export const { wild } = fc.letrec<{ wild: J }>((tie) => ({
  wild: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: wildScalar, weight: 4 },
    fc.array(tie('wild'), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.oneof(printable, fc.constantFrom('__proto__', 'constructor')), tie('wild')), {
        maxLength: 3,
      })
      .map((obj): J => ({ obj })),
  ),
}));

/** Bodies that are not a JSON object at all. */
export const junkText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\n',
    'null',
    '[]',
    '42',
    '"hello"',
    'true',
    '{',
    '{"uid":',
    "{'uid':'x'}",
    '{"a":1,}',
    'undefined',
    '\uFEFF{}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '['.repeat(5000) + ']'.repeat(5000),
    '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
    `{"pad":"${'x'.repeat(17 * 1024)}"}`,
    'uid=x&count=1',
  ),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
);

export const contentTypes = fc.oneof(
  { arbitrary: fc.constant<string | null>('application/json'), weight: 8 },
  fc.constantFrom<string | null>(
    null,
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    'multipart/form-data; boundary=xyz',
    'application/vnd.api+json',
    'image/png',
    'garbage',
  ),
);

// ---------------------------------------------------------------------------------------------------

/** A query value from a body field's arbitrary: strings as they are, anything else as its JSON text. */
export function asQuery(arb: fc.Arbitrary<J>): fc.Arbitrary<string> {
  return fc.oneof(
    {
      // URLs stay under about 4 KB: longer request lines are refused by the HTTP server (431) before
      // any route, which API Gateway would do too; the body carries the huge values.
      arbitrary: arb.map((j) => fitUrl(typeof j === 'string' ? j : encode(j))),
      weight: 6,
    },
    { arbitrary: queryValue, weight: 1 },
  );
}
export const queryValue = fc
  .oneof(printable, unicode, fc.constantFrom('', '%', '%00', '&', '=', '+', 'x'.repeat(1000)))
  .map(fitUrl);

/** At most 1,000 characters once percent-encoded (so six such values stay far below 16 KB). */
export function fitUrl(s: string): string {
  let out = '';
  // A lone surrogate cannot be percent-encoded; URLSearchParams would send U+FFFD for it anyway.
  const wellFormed = s.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
  for (const ch of wellFormed) {
    if (encodeURIComponent(out + ch).length > 1000) break;
    out += ch;
  }
  return out;
}

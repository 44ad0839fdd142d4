import { cspDirectives } from '../../cdk/lib/csp';
import { securityHeaders, type CspDirectives } from '../../cdk/lib/security-headers';

// Checks one answer's security headers against what CDK defines (cdk/lib/csp.ts and
// cdk/lib/security-headers.ts, which CloudFront's response headers policy is built from). Pure.

/** Directive name (lower case) -> its sources, in order. */
export function parseCsp(value: string): CspDirectives {
  const out: CspDirectives = {};
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    // A repeated directive is ignored by browsers after its first occurrence.
    if (name && !(name.toLowerCase() in out)) out[name.toLowerCase()] = sources;
  }
  return out;
}

/** Semicolon-separated header parameters (HSTS), lower-cased, as a set. */
const params = (value: string): string[] =>
  value
    .split(';')
    .map((p) =>
      p
        .trim()
        .toLowerCase()
        .replace(/\s*=\s*/, '='),
    )
    .filter(Boolean)
    .sort();

const list = (sources: string[]): string => sources.join(' ');

interface CspDifference {
  directive: string;
  problem: string;
}

/** How `actual` differs from `expected`, one entry per directive. */
function cspDifferences(actual: CspDirectives, expected: CspDirectives): CspDifference[] {
  const out: CspDifference[] = [];
  for (const [directive, want] of Object.entries(expected)) {
    const got = actual[directive];
    if (!got) {
      out.push({ directive, problem: `CSP lacks ${directive} ${list(want)}`.trim() });
      continue;
    }
    const missing = want.filter((s) => !got.includes(s));
    const extra = got.filter((s) => !want.includes(s));
    const parts = [
      missing.length ? `lacks ${list(missing)}` : '',
      extra.length ? `has extra ${list(extra)}` : '',
    ];
    if (missing.length || extra.length) {
      out.push({ directive, problem: `CSP ${directive}: ${parts.filter(Boolean).join(', ')}` });
    }
  }
  for (const [directive, got] of Object.entries(actual)) {
    if (!(directive in expected))
      out.push({ directive, problem: `CSP has unexpected ${directive} ${list(got)}`.trim() });
  }
  return out;
}

export interface ExpectedHeaders {
  /**
   * The CSP directives the site may carry; the answer must match one of them exactly (a deploy's
   * analytics setting may be unknown, so both variants are candidates then).
   */
  csp: CspDirectives[];
  /** Over https: HSTS and upgrade-insecure-requests are expected too. */
  https: boolean;
}

/** Everything wrong with one answer's security headers; [] when they are as CDK defines them. */
export function securityHeaderProblems(
  get: (name: string) => string | null,
  expected: ExpectedHeaders,
): string[] {
  const [first] = expected.csp;
  if (!first) throw new Error('no CSP to expect');
  const candidates = expected.csp.map((csp) => securityHeaders({ csp, https: expected.https }));
  const want = candidates[0] ?? {};
  const problems: string[] = [];

  const csp = get('content-security-policy');
  if (!csp) {
    problems.push('no Content-Security-Policy');
  } else {
    const directives = parseCsp(csp);
    const named = new Map<string, string>();
    if (directives['script-src']?.some((s) => s.toLowerCase() === "'unsafe-inline'")) {
      named.set('script-src', "script-src allows 'unsafe-inline'");
    }
    const ancestors = directives['frame-ancestors'];
    if (ancestors?.length !== 1 || ancestors[0] !== "'none'") {
      named.set(
        'frame-ancestors',
        `frame-ancestors is ${ancestors?.length ? list(ancestors) : ancestors ? 'empty' : 'missing'}, not 'none'`,
      );
    }
    const differences =
      candidates
        .map((c) => cspDifferences(directives, parseCsp(c['content-security-policy'] ?? '')))
        .sort((x, y) => x.length - y.length)[0] ?? [];
    // A directive named above is not reported twice.
    problems.push(
      ...named.values(),
      ...differences.filter((d) => !named.has(d.directive)).map((d) => d.problem),
    );
  }

  const hsts = get('strict-transport-security');
  const wantHsts = want['strict-transport-security'];
  if (wantHsts) {
    if (!hsts) problems.push('no Strict-Transport-Security');
    else if (params(hsts).join(';') !== params(wantHsts).join(';')) {
      problems.push(`Strict-Transport-Security is "${hsts}", not "${wantHsts}"`);
    }
  }

  const exact: [string, string][] = [
    ['X-Content-Type-Options', 'x-content-type-options'],
    ['X-Frame-Options', 'x-frame-options'],
    ['Referrer-Policy', 'referrer-policy'],
    ['Permissions-Policy', 'permissions-policy'],
  ];
  for (const [label, name] of exact) {
    const got = get(name);
    const value = want[name];
    if (value === undefined) continue;
    if (got === null) problems.push(`no ${label}`);
    else if (got.trim().toLowerCase() !== value.toLowerCase())
      problems.push(`${label} is "${got}", not "${value}"`);
  }
  return problems;
}

const REGION_MARK = 'smoke-region-mark';

/**
 * The Cognito region a deployed CSP names (the user pool's region), found by the shape csp.ts gives
 * the Cognito source; undefined when the policy names none.
 */
export function regionInCsp(csp: string): string | undefined {
  const template = Object.values(cspDirectives({ cognitoRegion: REGION_MARK, analyticsEnabled: false }))
    .flat()
    .find((s) => s.includes(REGION_MARK));
  if (!template) return undefined;
  const [before, after] = template.split(REGION_MARK).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`${before}([a-z0-9-]+)${after}(?![\\w.-])`).exec(csp)?.[1];
}

/** A deploy's possible CSPs: its region's, with and without analytics unless that is known. */
export function deployCsp(region: string, analyticsEnabled: boolean | undefined): CspDirectives[] {
  const variants = analyticsEnabled === undefined ? [false, true] : [analyticsEnabled];
  return variants.map((analytics) => cspDirectives({ cognitoRegion: region, analyticsEnabled: analytics }));
}

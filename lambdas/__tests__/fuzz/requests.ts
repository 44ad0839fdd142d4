import fc from 'fast-check';
import type { RouteDef } from '../../routes';
import type { FuzzShape, QueryShape, Shape } from './kit';
import {
  contentTypes,
  encode,
  headerSafe,
  junkText,
  obj,
  printable,
  queryValue,
  wild,
  type AuthKind,
  type FuzzRequest,
  type J,
} from './values';

// From an endpoint's shape to whole requests: the shape's keys present, missing, duplicated or
// joined by others; bodies as JSON, junk, base64 or bytes; every kind of Authorization; extra headers;
// now and then another method or a path API Gateway does not route.

const pick = <T>(...xs: T[]) => fc.constantFrom(...xs);
/** A shaped object: each key present, missing, or replaced; extra and duplicated keys. */
const shaped = (shape: Shape): fc.Arbitrary<J> =>
  fc
    .tuple(
      fc.tuple(
        ...Object.entries(shape).map(([k, arb]) =>
          fc.oneof(
            { arbitrary: arb.map((x): [string, J][] => [[k, x]]), weight: 8 },
            { arbitrary: fc.constant<[string, J][]>([]), weight: 1 },
            {
              arbitrary: fc.tuple(arb, arb).map(([x, y]): [string, J][] => [
                [k, x],
                [k, y],
              ]),
              weight: 1,
            },
          ),
        ),
      ),
      fc.oneof(
        { arbitrary: fc.constant<[string, J][]>([]), weight: 6 },
        fc.array(fc.tuple(fc.oneof(printable, pick('__proto__', 'uid', 'admin', 'extra')), wild), {
          minLength: 1,
          maxLength: 2,
        }),
      ),
    )
    .map(([fields, extra]): J => ({ obj: [...fields.flat(), ...extra] }));

const bodyOf = (shape: Shape | undefined, own?: Shape): fc.Arbitrary<FuzzRequest['body']> => {
  const json = shape && Object.keys(shape).length ? shaped(shape) : wild;
  return fc.oneof(
    {
      arbitrary: own ? fc.record(own).map((o) => ({ text: encode(obj(o)) })) : fc.constant(null),
      weight: own ? 4 : 0,
    },
    { arbitrary: json.map((j) => ({ text: encode(j) })), weight: shape ? 10 : 1 },
    { arbitrary: wild.map((j) => ({ text: encode(j) })), weight: 2 },
    { arbitrary: junkText.map((text) => ({ text })), weight: 2 },
    // The JSON sent as base64 text, and bytes that are not UTF-8 at all (an API Gateway base64 body).
    { arbitrary: json.map((j) => ({ text: Buffer.from(encode(j)).toString('base64') })), weight: 1 },
    {
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => ({ base64: Buffer.from(b).toString('base64') })),
      weight: 1,
    },
    { arbitrary: fc.constant(null), weight: shape ? 1 : 4 },
  );
};

const queryOf = (shape: QueryShape | undefined, own?: QueryShape): fc.Arbitrary<[string, string][]> => {
  const extra = fc.array(fc.tuple(fc.oneof(printable, pick('uid', 'count', 'pmid', 'code')), queryValue), {
    maxLength: 2,
  });
  if (!shape) return fc.oneof({ arbitrary: fc.constant<[string, string][]>([]), weight: 6 }, extra);
  const mutated = fc
    .tuple(
      fc.tuple(
        ...Object.entries(shape).map(([k, arb]) =>
          fc.oneof(
            { arbitrary: arb.map((x): [string, string][] => [[k, x]]), weight: 8 },
            { arbitrary: fc.constant<[string, string][]>([]), weight: 1 },
            {
              arbitrary: fc.tuple(arb, arb).map(([x, y]): [string, string][] => [
                [k, x],
                [k, y],
              ]),
              weight: 1,
            },
          ),
        ),
      ),
      fc.oneof({ arbitrary: fc.constant<[string, string][]>([]), weight: 6 }, extra),
    )
    .map(([fields, more]) => [...fields.flat(), ...more]);
  if (!own) return mutated;
  return fc.oneof(
    { arbitrary: fc.record(own).map((o) => Object.entries(o)), weight: 1 },
    { arbitrary: mutated, weight: 3 },
  );
};

const auth = fc.oneof(
  { arbitrary: fc.constant<AuthKind>('id'), weight: 10 },
  {
    arbitrary: pick<AuthKind>(
      'none',
      'id-no-bearer',
      'id-lowercase-bearer',
      'access',
      'revoked',
      'forged-sub',
      'access-as-id',
      'alg-none',
      'garbage',
    ),
    weight: 6,
  },
);
const garbageAuth = fc.oneof(
  pick('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'Bearer null', 'Bearer ....'),
  headerSafe.map((s) => `Bearer ${s}`),
  headerSafe,
);
const extraHeaders = fc.record(
  {
    'idempotency-key': fc.oneof(
      fc.uuid(),
      pick('fuzz-key-0001', 'fuzz-key-0002', 'short', 'bad key!', 'x'.repeat(200)),
      headerSafe,
    ),
    'stripe-signature': fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 2_000_000_000 }), fc.stringMatching(/^[0-9a-f]{64}$/))
        .map(([t, s]) => `t=${t},v1=${s}`),
      pick('t=1,v1=', 'v1=abc', 't=,v1=', 'garbage'),
      headerSafe,
    ),
    'x-origin-verify': headerSafe,
    'x-forwarded-for': pick('1.2.3.4', '::1', 'garbage'),
    cookie: pick('a=b', 'session=../../'),
    accept: pick('text/html', '*/*', 'application/xml'),
  },
  { requiredKeys: [] },
);

/** The request arbitrary of a route, given its endpoint's shape. */
export function requestFor(route: RouteDef, s: FuzzShape): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.method !== 'GET';
  return fc
    .record({
      auth:
        route.auth === 'jwt' ? auth : fc.oneof({ arbitrary: fc.constant<AuthKind>('none'), weight: 4 }, auth),
      garbageAuth,
      headers: extraHeaders,
      contentType: contentTypes,
      body: hasBody
        ? bodyOf(s.body, s.own)
        : fc.oneof({ arbitrary: fc.constant(null), weight: 8 }, bodyOf(undefined)),
      query: queryOf(s.query, s.ownQuery),
      // Now and then the same path with another method, or a path API Gateway does not route.
      variant: fc.oneof(
        { arbitrary: fc.constant<'same' | 'method' | 'path'>('same'), weight: 30 },
        pick<'same' | 'method' | 'path'>('method', 'path'),
      ),
      otherMethod: pick('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
      otherPath: pick('/', '//', 'X', '/x', '%2e%2e/health', '.json'),
    })
    .map((r): FuzzRequest => {
      const method = r.variant === 'method' ? r.otherMethod : route.method;
      const path =
        r.variant === 'path'
          ? r.otherPath === 'X'
            ? route.path.toUpperCase()
            : route.path + r.otherPath
          : route.path;
      return {
        route: `${route.method} ${route.path}`,
        method,
        path,
        query: r.query,
        auth: r.auth,
        ...(r.auth === 'garbage' ? { garbageAuth: r.garbageAuth } : {}),
        headers: r.headers,
        contentType: r.body ? r.contentType : null,
        body: r.body,
      };
    });
}

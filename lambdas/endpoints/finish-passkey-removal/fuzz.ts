import type { FuzzGenerator } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape. The victim's
// access token must be refused; the attacker's own, with nothing pending, removes nothing.
export const fuzz: FuzzGenerator = ({ a, v, field, pick }) => ({
  body: { accessToken: field(pick(a.accessToken, v.accessToken, `${v.accessToken}x`, 'a.b.c', '')) },
  own: { accessToken: pick(a.accessToken) },
});

import type { FuzzGenerator, MalformedQueries } from '../../__tests__/fuzz/kit';

// What the fuzz (lambdas/__tests__/fuzz.int.test.ts) sends this endpoint: see FuzzShape. It reads no
// parameter: a uid of anyone's, the victim's included, must change nothing (the token alone decides).
export const fuzz: FuzzGenerator = ({ uid, asQuery }) => ({ query: { uid: asQuery(uid) }, ownQuery: {} });

// What the validation test (lambdas/__tests__/validation.int.test.ts) sends, each refused with a 400.
export const malformedQueries: MalformedQueries = [{ uid: 'u' }, { extra: '1' }];

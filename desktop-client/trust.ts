import { createLocalJWKSet, jwtVerify } from 'jose';
import type { PublishedKeys } from './state';

// Which keys the application trusts to sign license statements. Never what a file or an answer says
// by itself: the keys it ships with, in its code (LicenseClientOptions.trustedKeys), and the keys
// that endorsements chain to: a JWT of type license-keys+jwt, signed by a key already trusted, whose
// `keys` claim lists the next one (the API publishes one after each rotation, signed by the key it
// retires). Endorsements may be kept in the state file, since each is verified again on every use: a
// key someone writes into the file, or endorses with a key of their own, is never trusted.

const ISSUER = 'stockbench-license';
const ENDORSEMENT_TYPE = 'license-keys+jwt';

type Jwk = PublishedKeys['keys'][number];

const isJwk = (value: unknown): value is Jwk =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Jwk).kid === 'string' &&
  (value as Jwk).kty === 'OKP' &&
  (value as Jwk).crv === 'Ed25519' &&
  typeof (value as Jwk).x === 'string';

/** The keys an endorsement vouches for, if a key in `trusted` signed it; else none. */
async function endorsedKeys(trusted: PublishedKeys, endorsement: string): Promise<Jwk[]> {
  try {
    const { payload } = await jwtVerify(endorsement, createLocalJWKSet(trusted), {
      issuer: ISSUER,
      typ: ENDORSEMENT_TYPE,
      algorithms: ['EdDSA'],
    });
    const keys = (payload as { keys?: unknown }).keys;
    return Array.isArray(keys) ? keys.filter(isJwk).map((k) => ({ ...k, alg: 'EdDSA', use: 'sig' })) : [];
  } catch {
    return [];
  }
}

/** The shipped keys and every key the endorsements chain to from them (in any order). */
export async function trustedKeySet(
  shipped: PublishedKeys,
  endorsements: readonly string[] = [],
): Promise<PublishedKeys> {
  const keys = [...shipped.keys];
  let pending = [...endorsements];
  for (let grew = true; grew && pending.length;) {
    grew = false;
    const left: string[] = [];
    for (const endorsement of pending) {
      const found = (await endorsedKeys({ keys }, endorsement)).filter(
        (k) => !keys.some((t) => t.kid === k.kid),
      );
      if (found.length) {
        keys.push(...found);
        grew = true;
      } else left.push(endorsement);
    }
    pending = left;
  }
  return { keys };
}

/** Whether the endorsement chains to the trusted keys (worth keeping). */
export async function isTrustedEndorsement(
  shipped: PublishedKeys,
  endorsements: readonly string[],
  endorsement: string,
): Promise<boolean> {
  return (await endorsedKeys(await trustedKeySet(shipped, endorsements), endorsement)).length > 0;
}

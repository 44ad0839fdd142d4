import { contract } from '../../contracts/contract';

/** An Ed25519 public key as a JWK (RFC 8037). */
export interface PublishedJwk {
  kty?: string;
  crv?: string;
  x?: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** The keys that verify license statements: the current one (kid, pem) and, in `keys`, the previous one too. */
export interface LicensePublicKey {
  alg: 'EdDSA';
  /** The key that signs statements now. */
  kid: string;
  /** A JWK set: the current key first, then the previous one after a rotation (statements name theirs by kid). */
  keys: PublishedJwk[];
  /** The current key as SPKI PEM. */
  pem: string;
  /**
   * After a rotation: a JWT signed by the previous key (its header's kid) whose `keys` claim lists the
   * current key. An installed application trusts the new key through it (docs/desktop-protocol.md).
   */
  endorsement?: string;
}

/** GET /api/license-public-key (public). */
export const licensePublicKey = contract<LicensePublicKey>()({
  method: 'GET',
  path: '/api/license-public-key',
  handler: 'license-public-key',
  auth: 'none',
});

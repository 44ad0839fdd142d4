import { contract } from './contract';

/** An Ed25519 public key as a JWK (RFC 8037). */
export interface PublishedJwk {
  kty?: string;
  crv?: string;
  x?: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** The key that verifies license statements, as a JWK set and as PEM. */
export interface LicensePublicKey {
  alg: 'EdDSA';
  kid: string;
  keys: PublishedJwk[];
  pem: string;
}

/** GET /api/license-public-key (public). */
export const licensePublicKey = contract<LicensePublicKey>()({
  method: 'GET',
  path: '/api/license-public-key',
  handler: 'license-public-key',
  auth: 'none',
});

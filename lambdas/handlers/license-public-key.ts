import { licensePublicKey as endpoint } from '../contracts/license-public-key';
import type { ApiEvent } from '../lib/auth';
import { getLicenseSigningKeyPem } from '../lib/secrets';
import { ok, withErrors } from '../lib/http';
import { loadSigningKey } from '../lib/license-token';

// GET /api/license-public-key (public): the Ed25519 key that verifies license statements, as a JWK
// set and as PEM, so the site can publish it and the desktop application can pin it.

export const handler = withErrors(endpoint, async (_event: ApiEvent) => {
  const key = loadSigningKey(await getLicenseSigningKeyPem());
  return ok(
    endpoint,
    { alg: 'EdDSA', kid: key.kid, keys: [key.publicJwk], pem: key.publicPem },
    { 'cache-control': 'public, max-age=3600' },
  );
});

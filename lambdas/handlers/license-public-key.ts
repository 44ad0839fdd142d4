import { licensePublicKey as endpoint } from '../contracts/license-public-key';
import type { ApiEvent } from '../lib/auth';
import { getLicenseSigningSecret } from '../lib/secrets';
import { ok, apiHandler } from '../lib/http';
import { loadPublicKey, loadSigningKey } from '../lib/license-token';

// GET /api/license-public-key (public): the Ed25519 keys that verify license statements, as a JWK set
// (the current key, then the previous one after a rotation, so statements issued before it keep
// verifying until they expire) and the current key as PEM.

export const handler = apiHandler(endpoint, async (_event: ApiEvent) => {
  const secret = await getLicenseSigningSecret();
  const [current, previous] = await Promise.all([
    loadSigningKey(secret.privateKeyPem),
    secret.previousPublicKeyPem ? loadPublicKey(secret.previousPublicKeyPem) : undefined,
  ]);
  const keys = [current.publicJwk, ...(previous && previous.kid !== current.kid ? [previous.publicJwk] : [])];
  return ok(
    endpoint,
    { alg: 'EdDSA', kid: current.kid, keys, pem: current.publicPem },
    // Short, so a rotation reaches clients soon (the handler itself reads the secret every 5 minutes).
    { 'cache-control': 'public, max-age=300' },
  );
});

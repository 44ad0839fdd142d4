import { licensePublicKey as endpoint } from './contract';
import type { ApiEvent } from '../../lib/auth';
import { getLicenseSigningSecret } from '../../lib/secrets';
import { ok, apiHandler } from '../../lib/http';
import { loadPublicKey, loadSigningKey, signKeyEndorsement } from '../../lib/license-token';

// GET /api/license-public-key (public): the Ed25519 keys that verify license statements, as a JWK set
// (the current key, then the previous one after a rotation, so statements issued before it keep
// verifying until they expire) and the current key as PEM. When the previous private key is kept (the
// rotation recipe in docs/deploying.md), it also endorses the current key: installed applications
// trust only the keys they ship with and the keys such endorsements chain to.

export const handler = apiHandler(endpoint, async (_event: ApiEvent) => {
  const secret = await getLicenseSigningSecret();
  const [current, endorser, previousPublic] = await Promise.all([
    loadSigningKey(secret.privateKeyPem),
    secret.previousPrivateKeyPem ? loadSigningKey(secret.previousPrivateKeyPem) : undefined,
    secret.previousPublicKeyPem ? loadPublicKey(secret.previousPublicKeyPem) : undefined,
  ]);
  const previous = endorser ?? previousPublic;
  const keys = [current.publicJwk, ...(previous && previous.kid !== current.kid ? [previous.publicJwk] : [])];
  const endorsement =
    endorser && endorser.kid !== current.kid
      ? await signKeyEndorsement(endorser, [current.publicJwk])
      : undefined;
  return ok(
    endpoint,
    { alg: 'EdDSA', kid: current.kid, keys, pem: current.publicPem, ...(endorsement ? { endorsement } : {}) },
    // Short, so a rotation reaches clients soon (the handler itself reads the secret every 5 minutes).
    { 'cache-control': 'public, max-age=300' },
  );
});

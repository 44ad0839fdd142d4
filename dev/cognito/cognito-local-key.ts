// In cognito-local's process: sign with the stack's key (signing-key.ts), named by
// COGNITO_SIGNING_KEY_FILE, instead of the key its package ships, and publish only its public half.
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
import { ensureSigningKey } from './signing-key';

const file = process.env.COGNITO_SIGNING_KEY_FILE;
if (!file) throw new Error('COGNITO_SIGNING_KEY_FILE is not set');
const pem = ensureSigningKey(file);

// The very objects cognito-local's token generator and JWKS route read (Node caches JSON modules).
const load = createRequire(require.resolve('cognito-local/lib/services/tokenGenerator.js'));
const shippedPrivate = load('../keys/cognitoLocal.private.json') as { pem: string; jwk: JsonWebKey };
const shippedPublic = load('../keys/cognitoLocal.public.json') as { pem?: string; jwk: JsonWebKey };
shippedPrivate.pem = pem;
shippedPrivate.jwk = {};
shippedPublic.pem = undefined;
shippedPublic.jwk = {
  ...createPublicKey(pem).export({ format: 'jwk' }),
  use: 'sig',
  kid: 'CognitoLocal',
  alg: 'RS256',
};

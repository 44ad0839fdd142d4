import { generateKeyPairSync } from 'node:crypto';
import { sign } from 'node:crypto';
import { loadSigningKey, signLicenseStatement, verifyLicenseStatement } from '../lib/license-token';

const pem = (type: 'ed25519' | 'ed448' = 'ed25519') =>
  generateKeyPairSync(type as 'ed25519')
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('license statements', () => {
  const privatePem = pem();
  const now = Math.floor(Date.now() / 1000);

  it('verify offline with the published JWK and PEM', async () => {
    const key = loadSigningKey(privatePem);
    const token = signLicenseStatement(key, { sub: 'u1', key: 'K', tools: 'all', exp: now + 60 });
    const fromJwk = verifyLicenseStatement(token, key.publicJwk);
    expect(fromJwk).toMatchObject({ sub: 'u1', key: 'K', tools: 'all', exp: now + 60 });
    expect(key.publicPem).toContain('BEGIN PUBLIC KEY');
    expect(key.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: key.kid });
    expect(key.publicJwk).not.toHaveProperty('d');
  });

  it('stop verifying after exp', async () => {
    const key = loadSigningKey(privatePem);
    const token = signLicenseStatement(key, { sub: 'u1', key: 'K', tools: 'all', exp: now + 60 });
    expect(() => verifyLicenseStatement(token, key.publicKey, new Date((now + 120) * 1000))).toThrow();
  });

  it('reject another key, a tampered payload and a foreign token', async () => {
    const key = loadSigningKey(privatePem);
    const other = loadSigningKey(pem());
    const token = signLicenseStatement(key, { sub: 'u1', key: 'K', tools: [1, 2, 3], exp: now + 60 });
    expect(() => verifyLicenseStatement(token, other.publicKey)).toThrow();

    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, tools: 'all' })).toString('base64url');
    expect(() => verifyLicenseStatement(`${h}.${forged}.${s}`, key.publicKey)).toThrow();

    // Right key, but not a license statement (wrong typ and issuer).
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const input = `${enc({ alg: 'EdDSA' })}.${enc({ sub: 'u1', key: 'K', tools: 'all', exp: now + 60 })}`;
    const foreign = `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`;
    expect(() => verifyLicenseStatement(foreign, key.publicKey)).toThrow();
  });

  it('refuse a signing key that is not Ed25519', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => loadSigningKey(rsa)).toThrow(/Ed25519/);
  });
});

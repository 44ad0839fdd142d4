import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { verifyStatement } from '../../desktop-client/statement';
import { loadPublicKey, loadSigningKey, signLicenseStatement } from '../lib/license-token';

// License statements are made with jose (lambdas/lib/license-token.ts) and checked as the desktop
// application does (desktop-client/statement.ts), with the published JWK set.

const pem = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('license statements', () => {
  const privatePem = pem();
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'u1', key: 'K', machine: 'machine-1', tools: 'all' as const, exp: now + 60 };
  const expected = { key: 'K', machine: 'machine-1' };

  it('verify offline with the published key, and name it in the header', async () => {
    const key = await loadSigningKey(privatePem);
    const token = await signLicenseStatement(key, claims);
    await expect(verifyStatement(token, { keys: [key.publicJwk] }, expected)).resolves.toMatchObject(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: key.kid, typ: 'license+jwt' });
    expect(key.publicPem).toContain('BEGIN PUBLIC KEY');
    expect(key.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: key.kid });
    expect(key.publicJwk).not.toHaveProperty('d');
    // The previous key, published from its PEM, has the same id as when it signed.
    expect((await loadPublicKey(key.publicPem)).kid).toBe(key.kid);
  });

  it('stop verifying after exp, and on another machine', async () => {
    const key = await loadSigningKey(privatePem);
    const token = await signLicenseStatement(key, claims);
    const keys = { keys: [key.publicJwk] };
    await expect(verifyStatement(token, keys, expected, new Date((now + 120) * 1000))).rejects.toMatchObject({
      reason: 'expired',
    });
    await expect(verifyStatement(token, keys, { ...expected, machine: 'other' })).rejects.toMatchObject({
      reason: 'other-machine',
    });
  });

  it('reject another key, a tampered payload and a foreign token', async () => {
    const key = await loadSigningKey(privatePem);
    const other = await loadSigningKey(pem());
    const token = await signLicenseStatement(key, { ...claims, tools: [1, 2, 3] });
    await expect(verifyStatement(token, { keys: [other.publicJwk] }, expected)).rejects.toMatchObject({
      reason: 'unknown-key',
    });
    // The other key under this key's id.
    await expect(
      verifyStatement(token, { keys: [{ ...other.publicJwk, kid: key.kid }] }, expected),
    ).rejects.toMatchObject({ reason: 'invalid' });

    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, tools: 'all' })).toString('base64url');
    await expect(
      verifyStatement(`${h}.${forged}.${s}`, { keys: [key.publicJwk] }, expected),
    ).rejects.toMatchObject({
      reason: 'invalid',
    });

    // Right key, but not a license statement (no typ, no issuer).
    const foreign = await new SignJWT({ key: 'K', machine: 'machine-1', tools: 'all' })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
      .setSubject('u1')
      .setExpirationTime(now + 60)
      .sign(key.privateKey);
    await expect(verifyStatement(foreign, { keys: [key.publicJwk] }, expected)).rejects.toMatchObject({
      reason: 'invalid',
    });
  });

  it('refuse a signing key that is not Ed25519', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await expect(loadSigningKey(rsa)).rejects.toThrow();
  });
});

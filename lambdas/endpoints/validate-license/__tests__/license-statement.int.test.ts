import { calculateJwkThumbprint, compactVerify, createRemoteJWKSet, importSPKI, jwtVerify } from 'jose';

import { licensePublicKey } from '../../license-public-key/contract';
import { validateLicense } from '../contract';

import { startBff, type Bff, type User } from '../../../__tests__/support/bff';

import { licensesOf, subscribe } from '../../../__tests__/support/accounts';
import { aMachine } from '../../../__tests__/support/machines';

// A license statement as any application given the published keys checks it offline.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const licenses = (user: User) => licensesOf(bff, user);
const subscribed = (count: number) => subscribe(bff, count);

// The statement checked with jose alone (not the reference client's code): what any application
// given the published keys can check offline.
describe('the license statement, verified with jose', () => {
  const OFFLINE_SECONDS = 7 * 24 * 3600; // a renewing license's statement works offline for a week
  const ISSUER = 'stockbench-license';

  it('verifies against the published JWK set and PEM, names its key by thumbprint, and says whose, which, where and until when', async () => {
    const { user } = await subscribed(1);
    const [license] = await licenses(user);
    const machine = aMachine();
    const before = Math.floor(Date.now() / 1000);
    const res = await bff.send(validateLicense, { user, body: { key: license?.key ?? '', machine } });
    const after = Math.floor(Date.now() / 1000);
    expect(res.answer).toMatchObject({ valid: true, renews: true });
    const answer = res.answer?.valid ? res.answer : undefined;
    const token = answer?.token ?? '';

    // The keys as anyone gets them: the public endpoint, no token, read by jose as a remote JWK set.
    const jwks = createRemoteJWKSet(new URL(`${bff.info.api}/license-public-key`));
    const options = { algorithms: ['EdDSA'], issuer: ISSUER, typ: 'license+jwt' };
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      ...options,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    const published = (await bff.send(licensePublicKey)).answer;
    const [current] = published?.keys ?? [];
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: published?.kid, typ: 'license+jwt' });
    expect(current?.kid).toBe(published?.kid);
    // The kid is the published key's RFC 7638 thumbprint.
    expect(await calculateJwkThumbprint({ kty: current?.kty, crv: current?.crv, x: current?.x })).toBe(
      published?.kid,
    );

    const iat = Number(payload.iat);
    expect(iat).toBeGreaterThanOrEqual(before);
    expect(iat).toBeLessThanOrEqual(after);
    expect(payload).toEqual({
      iss: ISSUER,
      sub: user.uid,
      key: license?.key,
      machine: machine.id,
      tools: 'all',
      iat,
      exp: iat + OFFLINE_SECONDS,
    });
    expect(answer?.tokenExpiresAt).toBe(new Date((iat + OFFLINE_SECONDS) * 1000).toISOString());

    // The PEM is the same key: the same bytes verify.
    const { payload: bytes } = await compactVerify(token, await importSPKI(published?.pem ?? '', 'EdDSA'));
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(payload);

    // It verifies until its expiry and not a second after.
    const exp = iat + OFFLINE_SECONDS;
    await expect(
      jwtVerify(token, jwks, { ...options, currentDate: new Date((exp - 1) * 1000) }),
    ).resolves.toMatchObject({ payload: { exp } });
    await expect(
      jwtVerify(token, jwks, { ...options, currentDate: new Date(exp * 1000) }),
    ).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED', claim: 'exp' });

    // A changed claim (another machine) breaks the signature.
    const [h, p, sig] = token.split('.') as [string, string, string];
    const moved = Buffer.from(JSON.stringify({ ...payload, machine: aMachine().id })).toString('base64url');
    await expect(jwtVerify(`${h}.${moved}.${sig}`, jwks, options)).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });
    expect(p).not.toBe(moved);
  });
});

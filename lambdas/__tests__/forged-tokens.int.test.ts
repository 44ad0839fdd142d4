import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { createPrivateKey } from 'node:crypto';
import { getLicenses } from '../endpoints/get-licenses/contract';
import { startBff, type Bff } from './support/bff';

// A token is trusted only when the local stack's own Cognito signed it. cognito-local ships its private
// key inside its npm package: a token signed with that key, carrying a real user's claims, must be
// refused as a forged one is by API Gateway's JWT authorizer (401), never accepted as the user.

let bff: Bff;
beforeAll(async () => {
  bff = await startBff();
});
afterAll(() => bff?.stop());

const shipped = JSON.parse(
  readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
) as { pem: string };

it("refuses a user's own claims signed with the key cognito-local's package publishes", async () => {
  const user = await bff.newUser();
  const own = await bff.send(getLicenses, { user, query: { uid: user.uid } });
  expect(own.status).toBe(200);

  const claims = decodeJwt(user.token);
  const { kid } = decodeProtectedHeader(user.token);
  const pkcs8 = createPrivateKey(shipped.pem).export({ type: 'pkcs8', format: 'pem' }).toString();
  const forged = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) })
    .sign(await importPKCS8(pkcs8, 'RS256'));
  const res = await bff.send(getLicenses, { user: { ...user, token: forged }, query: { uid: user.uid } });
  expect(res.status).toBe(401);
});

it('publishes a signing key of its own, not the package one', async () => {
  const jwks = (await (
    await fetch(`${bff.info.cognitoEndpoint}/${bff.info.userPoolId}/.well-known/jwks.json`)
  ).json()) as { keys: { n?: string }[] };
  const shippedPublic = JSON.parse(
    readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8'),
  ) as { jwk: { n: string } };
  expect(jwks.keys.length).toBeGreaterThan(0);
  expect(jwks.keys.map((k) => k.n)).not.toContain(shippedPublic.jwk.n);
});

import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { AccountSummaryError, fetchAccountSummary } from '../../../../desktop-client/account-summary';
import { signIn, SignInError } from '../../../../desktop-client/sign-in';
import { validateLicense } from '../contract';
import { licensesOf, subscribe } from '../../../__tests__/support/accounts';
import { eventually, startBff, type Bff, type User } from '../../../__tests__/support/bff';
import { aMachine } from '../../../__tests__/support/machines';
import { lastKnownTwoFactor } from '../../../lib/repository/two-factor-state';

// The reference client (desktop-client/) signs in as the desktop application does, for a user with
// two-factor sign-in on: Cognito asks for the code (SOFTWARE_TOKEN_MFA), the client asks the person,
// and the ID token it ends with opens the user's license at the BFF.

let bff: Bff;
let cognito: CognitoIdentityProviderClient;
beforeAll(async () => {
  bff = await startBff();
  cognito = bff.cognito;
});
afterAll(async () => {
  await bff?.stop();
});

const settings = () => ({
  region: bff.info.region,
  clientId: bff.info.clientId,
  endpoint: bff.info.cognitoEndpoint,
});

/** Turns two-factor sign-in on as /profile does; answers the authenticator app's secret. */
async function turnOnTwoFactor(user: User): Promise<string> {
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: bff.info.clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  const AccessToken = auth.AuthenticationResult?.AccessToken ?? '';
  const secret = (await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }))).SecretCode ?? '';
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: generateSync({ secret }) }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  // As /profile does, every session ends with the change (the change's own event may have ended them
  // first); the application signs in after the product has handled the change.
  const ended = await bff.call('POST', 'sign-out-everywhere', { user, body: { keepPendingSignIns: true } });
  expect([200, 401]).toContain(ended.status);
  await eventually(async () => (await lastKnownTwoFactor(user.uid)).on || undefined);
  return secret;
}

describe('the reference client with two-factor sign-in', () => {
  it('asks for the code, and the session it gets validates the license', async () => {
    const { user: buyer } = await subscribe(bff, 1);
    const [key] = await licensesOf(bff, buyer);
    const secret = await turnOnTwoFactor(buyer);

    let asked = 0;
    const session = await signIn(settings(), buyer.email, buyer.password, () => {
      asked += 1;
      return Promise.resolve(generateSync({ secret }));
    });
    expect(asked).toBe(1);
    const answer = await bff.send(validateLicense, {
      user: { ...buyer, token: session.idToken },
      body: { key: key?.key ?? '', machine: aMachine() },
    });
    expect(answer.answer).toMatchObject({ valid: true, code: 'VALID' });
    // What the application shows once signed in: the buyer's own account, from the session alone.
    await expect(fetchAccountSummary(bff.info.api, session)).resolves.toMatchObject({
      email: buyer.email,
      subscription: { status: 'active', licenses: 1 },
      licenses: [{ key: key?.key, source: 'own', paidFor: true }],
    });
    // Once every session ends (from the site, or after a takeover), the application is told to sign in again.
    expect(
      (await bff.call('POST', 'sign-out-everywhere', { user: { ...buyer, token: session.idToken } })).status,
    ).toBe(200);
    await expect(fetchAccountSummary(bff.info.api, session)).rejects.toEqual(
      new AccountSummaryError(401, 'SESSION_EXPIRED'),
    );
  });

  it('refuses a wrong code with a reason the application can show', async () => {
    const person = await bff.newUser();
    const secret = await turnOnTwoFactor(person);
    const right = generateSync({ secret });
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    await expect(
      signIn(settings(), person.email, person.password, () => Promise.resolve(wrong)),
    ).rejects.toEqual(
      new SignInError(
        'wrong-code',
        'That code is not right. Enter the code your authenticator app shows now.',
      ),
    );
  });
});

import {
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { LicensePublicKey } from './checks';
import type { RecoveryCodeSource } from './recovery-code';
import { expectStatus, objectOf, request } from './http';
import { fail, reason, type Report } from './report';
import type { Credentials, Target } from './target';
import { callBff, describeLicenses, getLicenses, signIn, type LicensesState, type Session } from './session';

// One signed-in round trip through every service, as the smoke user:
//   Cognito (sign in) -> get-licenses (DynamoDB) -> get-account-summary (DynamoDB)
//   -> finish-passkey-removal (Cognito GetUser with the access token; nothing pending, nothing changed)
//   -> get-subscriptions (Stripe, live read)
//   -> quote-licenses (Stripe invoice preview) -> cancel-checkout (refuses the paid subscription)
//   -> validate-license (DynamoDB, the signing key from
//   Secrets Manager; the statement is checked with the published public key)
//   -> update-email to a +smoke alias (Cognito, DynamoDB, SES mails the old address a recovery link,
//   Stripe's customer follows) -> the recovery code (the local outbox, or DynamoDB for a deploy)
//   -> email-recovery (the old address back, verified, in Cognito, DynamoDB and Stripe; every session
//   ended and the password voided, as after a takeover) -> the password set again (AdminSetUserPassword
//   with the operator's credentials: the new-password code goes to a mailbox the smoke test cannot read)
//   -> sign in again: same address, verified, same licenses.
// Everything but the email change only reads; the email change is undone through the product's own
// recovery link, which restores the address exactly (verified), so the user ends as it started.

/** The address the round trip moves the smoke user to: a plus alias of its own. */
export function smokeAlias(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return fail(`${email} is not an email address`);
  const local = email.slice(0, at);
  return `${local}${local.includes('+') ? '-' : '+'}smoke${email.slice(at)}`;
}

/**
 * Checks a license statement as the desktop application does (a JWT, EdDSA, typ license+jwt, issuer
 * stockbench-license, unexpired) with the published key, whose kid it must name; answers its claims.
 */
export async function verifyStatement(
  token: string,
  publicKey: LicensePublicKey,
): Promise<Record<string, unknown>> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return fail('the statement is not a compact JWS');
  }
  if (kid !== publicKey.kid) return fail(`the statement's kid ${kid} is not the published ${publicKey.kid}`);
  try {
    const { payload } = await jwtVerify(token, publicKey.key, {
      algorithms: ['EdDSA'],
      typ: 'license+jwt',
      issuer: 'stockbench-license',
    });
    return payload;
  } catch (err) {
    if (err instanceof errors.JWSSignatureVerificationFailed)
      return fail('the statement does not verify with the published public key');
    return fail(`the statement is refused: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Local stack only: gives the demo user one license, paid in the Stripe emulator, as /licenses does. */
async function buyOneLicenseLocally(target: Target, session: Session): Promise<string> {
  const info = target.local?.info;
  if (!info) return fail('only on the local stack');
  const started = await callBff(target, session, 'POST', 'setup-checkout', {
    body: { uid: session.sub, email: session.email, count: 1 },
  });
  expectStatus(started, 200, 'POST /api/setup-checkout');
  const setup = objectOf(started, 'POST /api/setup-checkout');
  const secret =
    typeof setup.sec === 'string'
      ? setup.sec
      : fail(`setup-checkout gave no client secret: ${JSON.stringify(setup)}`);
  // What Stripe.js does with the card form: confirm the payment intent with the publishable key.
  const intent = secret.split('_secret_')[0] ?? '';
  const confirmed = await request(`${info.stripeApi}/v1/payment_intents/${intent}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: info.stripePublishableKey,
      client_secret: secret,
      payment_method: 'pm_card_visa',
    }),
  });
  expectStatus(confirmed, 200, 'confirming the payment in the Stripe emulator');
  const pi = objectOf(confirmed, 'the Stripe emulator');
  const pmid =
    typeof pi.payment_method === 'string'
      ? pi.payment_method
      : String((pi.payment_method as { id?: unknown })?.id);
  const complete = await callBff(target, session, 'GET', 'complete-checkout', {
    query: { uid: session.sub, pmid },
  });
  expectStatus(complete, 200, 'GET /api/complete-checkout');
  return String(setup.subscriptionId);
}

export async function signedInRoundTrip(
  target: Target,
  report: Report,
  codes: RecoveryCodeSource | undefined,
  publicKey: LicensePublicKey | undefined,
): Promise<void> {
  const credentials = target.credentials;
  let session: Session | undefined;
  await report.check('sign in to Cognito (USER_PASSWORD_AUTH)', async () => {
    if (!credentials) {
      return fail(
        target.local
          ? `no demo user in ${target.local.dir}/demo-user.json; pass --email and --password`
          : 'no smoke user: pass --email and --password (or SMOKE_EMAIL and SMOKE_PASSWORD)',
      );
    }
    session = await signIn(target, credentials);
    return `${session.email} (sub ${session.sub})`;
  });
  if (!session || !credentials) {
    report.fail('signed-in round trip', 'not run: no signed-in user');
    return;
  }
  const s = session;

  let before: LicensesState | undefined;
  await report.check('GET /api/get-licenses (DynamoDB)', async () => {
    before = await getLicenses(target, s);
    return describeLicenses(before);
  });

  if (before && !before.subscriptionId && target.local) {
    await report.check(
      'prepare (local stack only): buy 1 license for the demo user in the Stripe emulator',
      async () => {
        const id = await buyOneLicenseLocally(target, s);
        before = await getLicenses(target, s);
        return `subscription ${id}; it stays, so later runs find it and change nothing`;
      },
    );
  }

  await report.check(
    'GET /api/get-account-summary (DynamoDB: what the desktop application shows)',
    async () => {
      const answer = await callBff(target, s, 'GET', 'get-account-summary');
      expectStatus(answer, 200, 'GET /api/get-account-summary');
      const summary = objectOf(answer, 'GET /api/get-account-summary');
      if (summary.email !== s.email) return fail(`it answers the account of ${String(summary.email)}`);
      const usable = Array.isArray(summary.licenses) ? summary.licenses.length : 0;
      return `${s.email}: ${usable} license(s) to use on this computer`;
    },
  );

  await report.check(
    'POST /api/finish-passkey-removal (Cognito GetUser with the access token; nothing pending)',
    async () => {
      const answer = await callBff(target, s, 'POST', 'finish-passkey-removal', {
        body: { accessToken: s.accessToken },
      });
      expectStatus(answer, 200, 'POST /api/finish-passkey-removal');
      const removed = objectOf(answer, 'POST /api/finish-passkey-removal').removed;
      if (removed !== 0)
        return fail(`it removed ${String(removed)} passkey(s): support had a request pending`);
      return "the access token is the caller's; no removal pending, no passkey touched";
    },
  );

  const subscriptionId = before?.subscriptionId;
  const noSubscription = before
    ? 'the smoke user has no subscription, so no call reaches Stripe: sign in on the site once as this user ' +
      'and buy one license (Stripe test mode: card 4242 4242 4242 4242)'
    : 'not run: get-licenses failed';

  await report.check('GET /api/get-subscriptions (Stripe, read live)', async () => {
    if (!subscriptionId) return fail(noSubscription);
    const answer = await callBff(target, s, 'GET', 'get-subscriptions', { query: { uid: s.sub } });
    expectStatus(answer, 200, 'GET /api/get-subscriptions');
    const [sub] = (objectOf(answer, 'GET /api/get-subscriptions').subscriptions ?? []) as Record<
      string,
      unknown
    >[];
    if (!sub) return fail('no subscription in the answer');
    if (sub.id !== subscriptionId)
      return fail(`it answers ${String(sub.id)}, get-licenses said ${subscriptionId}`);
    const card = sub.cardBrand ? `, card ${String(sub.cardBrand)} ${String(sub.cardLast4)}` : '';
    return `${String(sub.id)} ${String(sub.status)}, ${String(sub.activeLicenseCount)} license(s)${card}`;
  });

  await report.check('GET /api/quote-licenses (Stripe invoice preview)', async () => {
    if (!subscriptionId) return fail(noSubscription);
    const answer = await callBff(target, s, 'GET', 'quote-licenses', {
      query: { count: '1', subscriptionId },
    });
    expectStatus(answer, 200, 'GET /api/quote-licenses');
    const quote = objectOf(answer, 'GET /api/quote-licenses');
    if (typeof quote.amountDue !== 'number') return fail(`no amountDue in ${answer.text}`);
    return `one more license: ${quote.amountDue} ${String(quote.currency)} (minor units) due now`;
  });

  await report.check('GET /api/get-invoices-csv (Stripe: the billing history as a CSV file)', async () => {
    if (!subscriptionId) return fail(noSubscription);
    const answer = await callBff(target, s, 'GET', 'get-invoices-csv', { query: { uid: s.sub } });
    expectStatus(answer, 200, 'GET /api/get-invoices-csv');
    const [header, ...rows] = answer.text.split('\r\n').filter(Boolean);
    if (!header?.startsWith('Date,Number,Status')) return fail(`not the CSV: ${answer.text.slice(0, 200)}`);
    return `${rows.length} invoice(s)`;
  });

  await report.check(
    'PUT /api/cancel-checkout refuses a paid subscription (Stripe read, nothing changed)',
    async () => {
      const customerId = before?.customerId;
      if (!subscriptionId || !customerId) return fail(noSubscription);
      const answer = await callBff(target, s, 'PUT', 'cancel-checkout', {
        body: { customerId, subscriptionId },
      });
      // 409 CHECKOUT_PAID: the route, its grants and its Stripe read work, and a paid subscription stays.
      expectStatus(answer, 409, 'PUT /api/cancel-checkout');
      if (!answer.text.includes('CHECKOUT_PAID')) return fail(`unexpected answer ${answer.text}`);
      return '409 CHECKOUT_PAID';
    },
  );

  await report.check(
    'POST /api/validate-license (DynamoDB, signing key; statement checked with the public key)',
    async () => {
      const license = before?.licenses[0];
      if (!license)
        return fail(
          before ? 'the smoke user has no license in force to validate' : 'not run: get-licenses failed',
        );
      const answer = await callBff(target, s, 'POST', 'validate-license', {
        body: { key: license.key, machine: smokeMachine(s) },
      });
      expectStatus(answer, 200, 'POST /api/validate-license');
      const result = objectOf(answer, 'POST /api/validate-license');
      if (result.valid !== true || typeof result.token !== 'string') {
        return fail(`the smoke user's own license is not valid: ${answer.text}`);
      }
      if (!publicKey) return fail('the statement cannot be checked: the license public key check failed');
      const claims = await verifyStatement(result.token, publicKey);
      if (claims.sub !== s.sub || claims.key !== license.key || claims.machine !== smokeMachine(s).id)
        return fail(`the statement is about ${JSON.stringify(claims)}`);
      if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000)
        return fail('the statement has expired');
      return `VALID, statement verified (expires ${new Date(claims.exp * 1000).toISOString()})`;
    },
  );

  await report.check('GET /api/get-machines and PUT /api/sign-out-machine (the smoke machine)', async () => {
    const license = before?.licenses[0];
    if (!license) return fail('not run: no license to look at');
    const machine = smokeMachine(s);
    const listed = await callBff(target, s, 'GET', 'get-machines', { query: { uid: s.sub } });
    expectStatus(listed, 200, 'GET /api/get-machines');
    const licenses = objectOf(listed, 'GET /api/get-machines').licenses as
      { key: string; machines: { id: string }[] }[] | undefined;
    const entry = licenses?.find((l) => l.key === license.key);
    if (!entry?.machines.some((m) => m.id === machine.id))
      return fail(`the smoke machine is not listed on ${license.key}: ${listed.text}`);
    // Signed out again, so the smoke runs never hold one of the user's 3 places.
    const out = await callBff(target, s, 'PUT', 'sign-out-machine', {
      body: { licenseKey: license.key, machineId: machine.id },
    });
    expectStatus(out, 200, 'PUT /api/sign-out-machine');
    return `listed with ${entry.machines.length - 1} other machine(s), then signed out`;
  });

  await emailRoundTrip(target, report, s, credentials, codes, before);
}

/** The smoke test's own installation: one id per user, so each run renews the same place. */
const smokeMachine = (s: Session) => ({
  id: `smoke-${s.sub}`.slice(0, 64),
  name: 'Smoke test',
  platform: 'windows',
  appVersion: '0.0.0-smoke',
});

async function emailRoundTrip(
  target: Target,
  report: Report,
  session: Session,
  credentials: Credentials,
  codes: RecoveryCodeSource | undefined,
  before: LicensesState | undefined,
): Promise<void> {
  const original = session.email;
  const alias = smokeAlias(original || credentials.email);
  // Whether the address was changed: 'maybe' while update-email runs (a 5xx may come after the change).
  const state: { changed: 'no' | 'yes' | 'maybe' } = { changed: 'no' };
  const changeName = `PUT /api/update-email to ${alias} (Cognito, DynamoDB, SES mail to the old address, Stripe)`;
  await report.check(changeName, async () => {
    if (!session.emailVerified) {
      return fail(
        `${original} is not verified: the recovery that undoes the change would mark it verified, so it is not changed`,
      );
    }
    if (!codes) return fail('not changed: there is no way to read the recovery code that undoes it');
    await codes.ready(session); // fails (before anything changes) when the code could not be read
    state.changed = 'maybe';
    const answer = await callBff(target, session, 'PUT', 'update-email', {
      body: { uid: session.sub, oldEmail: original, newEmail: alias, currentPassword: credentials.password },
    });
    // 4xx: refused before any change (password, taken address, bad input).
    if (answer.status >= 400 && answer.status < 500) state.changed = 'no';
    expectStatus(answer, 200, 'PUT /api/update-email');
    state.changed = 'yes';
    return `${original} -> ${alias}; every session ended`;
  });
  if (state.changed === 'no') {
    report.fail('email recovery', 'not run: the email was not changed');
    return;
  }

  let code: string | undefined;
  await report.check(`the recovery link mailed to ${original} (${codes?.label ?? 'no source'})`, async () => {
    code = await codes?.find(session, original, alias);
    if (!code)
      return fail(
        state.changed === 'yes' ? 'no recovery code found' : 'the change failed and left no recovery code',
      );
    return codes?.describe?.() ?? 'found';
  });

  await report.check(`POST /api/email-recovery restores ${original}`, async () => {
    if (!code) {
      const restore = `restore it with the link in the mail "Your Stockbench email address was changed" sent to ${original}`;
      return fail(
        state.changed === 'yes'
          ? `CANNOT RESTORE: the smoke user is now ${alias}; ${restore}`
          : `nothing to restore unless the failed change happened (the next check signs in to see); if the user is now ${alias}, ${restore}`,
      );
    }
    const info = await request(`${target.api}/email-recovery-info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expectStatus(info, 200, 'POST /api/email-recovery-info');
    const pair = objectOf(info, 'POST /api/email-recovery-info');
    if (String(pair.previousEmail).toLowerCase() !== original.toLowerCase()) {
      return fail(`the code restores ${String(pair.previousEmail)}, not ${original}`);
    }
    const answer = await request(`${target.api}/email-recovery`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expectStatus(
      answer,
      200,
      `POST /api/email-recovery (the user may still be ${alias}: use the link mailed to ${original})`,
    );
    return `${alias} -> ${original}`;
  });

  await report.check('the password set again (the recovery voided it): AdminSetUserPassword', async () => {
    const { region, endpoint } = target.cognito;
    const userPoolId = target.local?.info.userPoolId ?? target.deploy?.outputs?.UserPoolId;
    if (!region || !userPoolId) {
      return fail(
        `the user pool is unknown (UserPoolId in cdk.out/backend-outputs.json): choose the password again with ` +
          `the link mailed to ${original}`,
      );
    }
    const client = new CognitoIdentityProviderClient({
      region,
      endpoint,
      maxAttempts: 2,
      // Locally the stack's admin keys stand for the operator's: the local Cognito endpoint checks this
      // admin call against IAM, as AWS does.
      ...(target.local ? { credentials: target.local.info.adminCredentials } : {}),
    });
    try {
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: original,
          Password: credentials.password,
          Permanent: true,
        }),
      );
    } finally {
      client.destroy();
    }
    return 'the smoke password works again';
  });

  await report.check(`signed in again: ${original}, verified, licenses as before`, async () => {
    const again = await signIn(target, { email: original, password: credentials.password }).catch(
      (err: unknown) =>
        fail(`cannot sign in as ${original} (${reason(err)}): the user may still be ${alias}`),
    );
    if (again.email.toLowerCase() !== original.toLowerCase()) return fail(`the ID token says ${again.email}`);
    if (!again.emailVerified) return fail(`${original} is back but not verified`);
    if (again.sub !== session.sub) return fail('a different user signed in');
    if (before) {
      const after = await getLicenses(target, again);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        return fail(
          `get-licenses changed: before ${describeLicenses(before)}, after ${describeLicenses(after)}`,
        );
      }
    }
    return before
      ? 'the smoke user is as it started'
      : 'email as it started (licenses not compared: get-licenses failed)';
  });
}

import path from 'node:path';
import {
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { randomUUID } from 'node:crypto';
import { readAudit } from '../audit';
import { support } from '../run';
import { readOutbox } from '../../../dev/outbox';
import { eventually, startBff, type Bff } from '../../../lambdas/__tests__/support/bff';
import { advanceStripeClock, licensesOf, subscribe } from '../../../lambdas/__tests__/support/accounts';
import { aMachine } from '../../../lambdas/__tests__/support/machines';
import { saveBillingDetails } from '../../../lambdas/lib/repository/billing-details';
import { listSlots, writeMachines } from '../../../lambdas/lib/repository/licenses';

// `npm run support`, against a local stack as a support person runs it: each command does what it
// says, through the product's own adapters, and leaves an audit record.

let bff: Bff;
let env: Record<string, string>;
beforeAll(async () => {
  bff = await startBff({ own: true });
  env = { LOCAL_DIR: path.dirname(bff.outboxDir) };
});
afterAll(() => bff?.stop());

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await support(argv, env, 'pat-support', (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}

describe('npm run support', () => {
  it('looks an account up: sign-in, subscription, licenses and machines, terms, actions, mails', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 2);
    const [license] = await licensesOf(bff, user);
    await bff.call('POST', 'validate-license', {
      user,
      body: { key: license?.key, machine: aMachine('Work laptop', 'macos') },
    });
    await bff.call('PUT', 'cancel-subscription', {
      user,
      body: { customerId, subscriptionId },
      headers: { 'idempotency-key': randomUUID() },
    });
    const { code, out } = await run('lookup', user.email);
    expect(code).toBe(0);
    expect(out).toContain(`Account ${user.email} (uid ${user.uid})`);
    expect(out).toContain('two-factor off');
    expect(out).toContain(
      `subscription ${subscriptionId}: active, ends at period end, 2 licenses in force, 0 renewing`,
    );
    expect(out).toContain('visa ending in 4242');
    expect(out).toContain(`${license?.key} in force`);
    expect(out).toContain('Work laptop (macos) last seen');
    expect(out).toMatch(/ cancel-subscription done 200/);
    expect(out).toContain('  mails: ');

    const json = JSON.parse((await run('lookup', user.email, '--json')).out) as {
      uid: string;
      licenses: unknown[];
    };
    expect(json).toMatchObject({ uid: user.uid });
    expect(json.licenses).toHaveLength(2);
    const history = await readAudit(user.uid);
    expect(history.map((h) => [h.operator, h.command, h.outcome])).toEqual([
      ['pat-support', 'lookup', 'looked up'],
      ['pat-support', 'lookup', 'looked up'],
    ]);
    expect((await run('lookup', 'nobody@example.com')).code).toBe(1);
  });

  it('counts the licenses in force apart from those that renew', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 3);
    const [a, b] = await licensesOf(bff, user);
    const removed = await bff.call('PUT', 'remove-licenses', {
      user,
      body: { customerId, subscriptionId, licenseKeys: [a?.key, b?.key] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(removed.status).toBe(200);
    const { out } = await run('lookup', user.email);
    // Two removed licenses stay in force until the period ends; Stripe renews one.
    expect(out).toContain(`subscription ${subscriptionId}: active, 3 licenses in force, 1 renewing,`);
    const json = JSON.parse((await run('lookup', user.email, '--json')).out) as {
      subscription: { inForce: number; renewing: number };
    };
    expect(json.subscription).toMatchObject({ inForce: 3, renewing: 1 });
  });

  it('tells a subscription that ended at its period end as ended, no longer as ending', async () => {
    const { user, customerId, subscriptionId } = await subscribe(bff, 1);
    const cancelled = await bff.call('PUT', 'cancel-subscription', {
      user,
      body: { customerId, subscriptionId },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(cancelled.status).toBe(200);
    await advanceStripeClock(bff, 32 * 24 * 3600);
    type Lookup = { subscription: { status: string; inForce: number; endsAtPeriodEnd: boolean } };
    const json = await eventually(async () => {
      const r = JSON.parse((await run('lookup', user.email, '--json')).out) as Lookup;
      return r.subscription.status === 'canceled' && r.subscription.inForce === 0 ? r : undefined;
    });
    expect(json.subscription.endsAtPeriodEnd).toBe(false);
    const { out } = await run('lookup', user.email);
    expect(out).toContain(`subscription ${subscriptionId}: canceled, 0 licenses in force, 0 renewing,`);
  });

  it('refunds outside the guarantee only with --yes, no more than is left, and leaves the licenses', async () => {
    const { user, customerId } = await subscribe(bff, 2);
    const dry = await run('refund', user.email, '--amount', '10');
    expect(dry.out).toMatch(/^not done \(add --yes to do it\): would refund \$10\.00 of payment pi_/);
    expect(
      (await bff.stripe.refunds.list({ limit: 100 })).data.filter((r) => r.metadata?.uid === user.uid),
    ).toEqual([]);

    const done = await run('refund', user.email, '--amount', '10', '--yes');
    expect(done.code).toBe(0);
    expect(done.out).toMatch(
      /^refunded \$10\.00 of payment pi_\w+ \(\$30\.00 paid, \$0\.00 refunded before\); the licenses are unchanged$/,
    );
    const refunds = (await bff.stripe.refunds.list({ limit: 100 })).data.filter(
      (r) => r.metadata?.uid === user.uid,
    );
    expect(refunds.map((r) => [r.amount, r.reason, r.metadata?.support])).toEqual([
      [1000, 'requested_by_customer', 'pat-support'],
    ]);
    expect((await run('refund', user.email, '--amount', '25', '--yes')).out).toBe(
      `refused: $25.00 is more than the $20.00 left of payment ${String(refunds[0]?.payment_intent)}`,
    );
    expect(await licensesOf(bff, user)).toHaveLength(2);
    // The customer is mailed (from Stripe's charge.refunded, as for any refund), once, with the amount,
    // and the billing history says it.
    const [mail] = await eventually(async () => {
      const mails = (await readOutbox(bff.outboxDir, user.email)).filter((m) =>
        m.subject.startsWith('Your Stockbench refund'),
      );
      return mails.length ? mails : undefined;
    });
    expect(mail?.subject).toBe('Your Stockbench refund of $10.00');
    expect(mail?.text).toContain('your payment of $30.00');
    const invoices = await bff.call('GET', 'get-invoices', { user });
    expect(invoices.body.invoices).toEqual([
      expect.objectContaining({ amountPaid: 3000, amountRefunded: 1000 }),
    ]);
    const history = await readAudit(user.uid);
    expect(history.map((h) => h.outcome.split(':')[0])).toEqual([
      'refused',
      'refunded $10.00 of payment ' +
        String(refunds[0]?.payment_intent) +
        ' ($30.00 paid, $0.00 refunded before); the licenses are unchanged',
      'not done (add --yes to do it)',
    ]);
    void customerId;
  });

  it('turns two-factor sign-in off for a lost phone: the password alone signs in again', async () => {
    const user = await bff.newUser();
    const cognito = bff.cognito;
    const signIn = () =>
      cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: bff.info.clientId,
          AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
        }),
      );
    const AccessToken = (await signIn()).AuthenticationResult?.AccessToken;
    const { SecretCode = '' } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken, UserCode: generateSync({ secret: SecretCode }) }),
    );
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    expect((await signIn()).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect((await run('lookup', user.email)).out).toContain('two-factor on');

    const res = await run('turn-off-two-factor', user.email);
    expect(res.code).toBe(0);
    expect(res.out).toContain(`two-factor sign-in is off for ${user.email}`);
    expect((await signIn()).AuthenticationResult?.IdToken).toBeDefined();
    expect((await readAudit(user.uid))[0]).toMatchObject({
      operator: 'pat-support',
      command: 'turn-off-two-factor',
    });
  });

  it('removes passkeys of a lost device: every session ends now, the removal is recorded and shown', async () => {
    const user = await bff.newUser();
    const { AuthenticationResult } = await bff.cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: bff.info.clientId,
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    const refresh = () =>
      bff.cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: bff.info.clientId,
          AuthParameters: { REFRESH_TOKEN: AuthenticationResult?.RefreshToken ?? '' },
        }),
      );
    expect((await refresh()).AuthenticationResult?.IdToken).toBeDefined();
    expect((await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).status).toBe(200);

    const res = await run('remove-passkeys', user.email);
    expect(res.code).toBe(0);
    expect(res.out).toMatch(
      new RegExp(`^every session of ${user.email} ended and the passkeys' removal recorded`),
    );
    // The session a stolen device holds ends: its refresh token at Cognito, its ID token at the BFF.
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await bff.call('GET', 'get-licenses', { user, query: { uid: user.uid } })).status).toBe(401);
    const [record] = await readAudit(user.uid);
    expect(record).toMatchObject({ operator: 'pat-support', command: 'remove-passkeys' });
    expect((await run('lookup', user.email)).out).toMatch(
      /two-factor off, passkeys' removal pending \(requested at \S+ by pat-support; the next sign-in finishes it\)/,
    );
    expect((await run('remove-passkeys', 'nobody@example.com')).out).toBe(
      'no account has the address nobody@example.com',
    );
  });

  it('prints stored names with terminal sequences and bidi overrides escaped, in text and JSON', async () => {
    const { user } = await subscribe(bff, 1);
    const [license] = await licensesOf(bff, user);
    await bff.call('POST', 'validate-license', { user, body: { key: license?.key, machine: aMachine() } });
    // Stored before the API refused such text: written straight to the table (the run sets its env).
    await run('lookup', user.email);
    const forged =
      'PC\u001b[2K\r\u001b]8;;https://evil.example/\u0007OK to refund\u001b]8;;\u0007\nOK to refund';
    const [slot] = await listSlots(user.uid);
    const [machine] = slot?.machines ?? [];
    if (!slot || !machine) throw new Error('no machine stored');
    await writeMachines(user.uid, slot.sk, slot.machinesVersion, [
      { ...machine, name: forged },
      { ...machine, id: 'second-machine-01', name: 'report\u202Etxt.exe\u009b2J' },
    ]);
    await saveBillingDetails(user.uid, {
      companyName: 'Acme\r\u001b[1AOK to refund',
      address: {
        line1: '1 Elm St\u2028',
        line2: null,
        city: 'Berlin',
        postalCode: '10115',
        state: null,
        country: 'DE',
      },
      taxId: null,
      billingEmail: null,
    });
    const lines: string[] = [];
    await support(['lookup', user.email], env, 'pat-support', (l) => lines.push(l));
    const json: string[] = [];
    await support(['lookup', user.email, '--json'], env, 'pat-support', (l) => json.push(l));
    for (const line of [...lines, ...json]) expect(line).not.toMatch(/[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u);
    const text = lines.join('\n');
    expect(text).not.toMatch(/^OK to refund/m);
    expect(text).toContain('PC\\u001b[2K\\u000d\\u001b]8;;https://evil.example/\\u0007OK to refund');
    expect(text).toContain('report\\u202etxt.exe\\u009b2J (windows)');
    expect(text).toContain('billing details: Acme\\u000d\\u001b[1AOK to refund, 1 Elm St\\u2028,');
    // The JSON stays JSON, and says exactly what is stored.
    const report = JSON.parse(json.join('\n')) as { licenses: { machines: { name: string }[] }[] };
    expect(report.licenses[0]?.machines.map((m) => m.name)).toEqual([forged, 'report\u202Etxt.exe\u009b2J']);
  });

  it('answers usage for a malformed command', async () => {
    expect((await run('refund', 'someone@example.com', '--amount', 'ten')).code).toBe(2);
    expect((await run('wipe', 'someone@example.com')).out).toMatch(/^unknown command wipe/);
  });
});

import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { usersWithEmail } from '../../lambdas/lib/cognito';
import { getConfig } from '../../lambdas/lib/config';
import { isInForce } from '../../lambdas/lib/license-state';
import { nextChargeOf } from '../../lambdas/lib/next-charge';
import { getAccount } from '../../lambdas/lib/repository/accounts';
import { readBillingDetails } from '../../lambdas/lib/repository/billing-details';
import { readDeletion } from '../../lambdas/lib/repository/deletions';
import { readGuaranteeRefund } from '../../lambdas/lib/repository/guarantee';
import { readPasskeyRemoval } from '../../lambdas/lib/repository/passkey-removals';
import { listSlots } from '../../lambdas/lib/repository/licenses';
import { readTermsAcceptance } from '../../lambdas/lib/repository/terms-acceptance';
import { ENDED_STATUSES } from '../../lambdas/lib/subscription-status';
import { listFinalizedInvoices, retrieveSubscription, snapshotOf } from '../../lambdas/lib/stripe';
import { readAudit } from './audit';
import { recentActions } from './records';

// `lookup <email>`: everything support needs to answer a customer, in one place: the sign-in (Cognito),
// the account and subscription (our records and Stripe), the licenses and their machines, billing
// details, the terms accepted, a guarantee refund, the last day's actions, the mails sent (locally, the
// outbox; SES keeps no copy in a deployment) and what support did before. For an address with no
// account, whether an account with it was deleted in the last year, when, how and what that ended.

const iso = (epochSeconds: number | undefined) =>
  epochSeconds === undefined ? null : new Date(epochSeconds * 1000).toISOString();

export async function lookup(email: string, outbox: string | undefined) {
  const [user] = await usersWithEmail(email);
  if (!user?.Username) return { found: false as const, email, deleted: (await readDeletion(email)) ?? null };
  const uid = user.Attributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;
  const cognito = new CognitoIdentityProviderClient({});
  const details = await cognito
    .send(new AdminGetUserCommand({ UserPoolId: getConfig().userPoolId, Username: user.Username }))
    .finally(() => cognito.destroy());
  const [account, slots, billing, actions, audit, passkeyRemoval] = await Promise.all([
    getAccount(uid),
    listSlots(uid),
    readBillingDetails(uid),
    recentActions(uid),
    readAudit(uid),
    readPasskeyRemoval(uid),
  ]);
  const sid = account?.subscriptionId;
  const [sub, invoices, terms, refund] = sid
    ? await Promise.all([
        retrieveSubscription(sid),
        listFinalizedInvoices(sid),
        readTermsAcceptance(uid, sid),
        readGuaranteeRefund(uid, sid),
      ])
    : [undefined, [], undefined, undefined];
  const mails = outbox
    ? ((await (await fetch(`${outbox}/messages.json?to=${encodeURIComponent(email)}`)).json()) as {
        date: string;
        subject: string;
      }[])
    : undefined;
  const snapshot = sub && snapshotOf(sub);
  return {
    found: true as const,
    email,
    uid,
    signIn: {
      status: user.UserStatus,
      enabled: user.Enabled,
      created: user.UserCreateDate?.toISOString(),
      emailVerified: user.Attributes?.find((a) => a.Name === 'email_verified')?.Value === 'true',
      twoFactor: (details.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
      passkeyRemovalRequested: passkeyRemoval
        ? { at: new Date(passkeyRemoval.requestedAt).toISOString(), by: passkeyRemoval.operator }
        : null,
    },
    customerId: account?.customerId ?? null,
    subscription: snapshot
      ? {
          id: snapshot.subscriptionId,
          status: snapshot.subscriptionStatus,
          quantity: snapshot.quantity,
          // Stripe's quantity is what renews; a removed license stays in force (its slot) until the
          // period ends, so the licenses in force are counted from our records.
          inForce: slots.filter((l) => l.subscriptionId === snapshot.subscriptionId && isInForce(l)).length,
          renewing: snapshot.renewing,
          // A subscription that has ended ends no more, whatever its cancel_at_period_end still says.
          endsAtPeriodEnd:
            snapshot.cancelAtPeriodEnd && !ENDED_STATUSES.includes(snapshot.subscriptionStatus),
          period: [iso(snapshot.periodStart), iso(snapshot.periodEnd)],
          card: snapshot.cardLast4 ? `${snapshot.cardBrand ?? 'card'} ending in ${snapshot.cardLast4}` : null,
          nextCharge: nextChargeOf(snapshot),
        }
      : null,
    invoices: invoices.map((i) => ({
      number: i.number,
      status: i.status,
      amountPaid: i.amount_paid,
      created: iso(i.created),
      url: i.hosted_invoice_url,
    })),
    licenses: slots.map((s) => ({
      key: s.licenseKey,
      subscription: s.subscriptionId,
      expirationDate: s.expirationDate,
      inForce: isInForce(s),
      holder: s.assigneeEmail ?? 'the buyer',
      machines: s.machines.map((m) => ({
        name: m.name,
        platform: m.platform,
        lastSeen: iso(m.lastSeen),
        signedOut: m.signedOutAt !== undefined,
      })),
    })),
    billingDetails: billing,
    termsAccepted: terms ?? null,
    guaranteeRefund: refund ? { ...refund, refundedAt: iso(refund.refundedAt) } : null,
    recentActions: actions,
    mails: mails
      ? mails.map((m) => `${m.date} ${m.subject}`)
      : 'not kept in a deployment (SES keeps no copy)',
    supportHistory: audit.map((a) => `${a.at} ${a.operator}: ${a.command} (${a.outcome})`),
  };
}

const licenseCount = (n: number) => `${n} ${n === 1 ? 'license' : 'licenses'}`;

/** The report as lines a person reads. */
export function lookupText(r: Awaited<ReturnType<typeof lookup>>): string[] {
  if (!r.found) {
    const d = r.deleted;
    if (!d) return [`No account has the address ${r.email}.`];
    return [
      `No account has the address ${r.email}: an account with it was deleted at ${d.deletedAt}, ${
        d.via === 'site' ? 'through the site' : 'straight at Cognito (closed by the security-events function)'
      }.`,
      `  ${d.subscriptionCanceled ? 'its subscription was cancelled then' : 'it had no subscription in force'}; ${d.licensesGivenEnded} license(s) given to others ended with it.`,
    ];
  }
  const lines = [
    `Account ${r.email} (uid ${r.uid})`,
    `  sign-in: ${r.signIn.status ?? '?'}, ${r.signIn.enabled ? 'enabled' : 'disabled'}, created ${r.signIn.created ?? '?'}, email ${r.signIn.emailVerified ? 'verified' : 'not verified'}, two-factor ${r.signIn.twoFactor ? 'on' : 'off'}${r.signIn.passkeyRemovalRequested ? `, passkeys' removal pending (requested at ${r.signIn.passkeyRemovalRequested.at} by ${r.signIn.passkeyRemovalRequested.by}; the next sign-in finishes it)` : ''}`,
    `  Stripe customer: ${r.customerId ?? 'none'}`,
  ];
  const s = r.subscription;
  lines.push(
    s
      ? `  subscription ${s.id}: ${s.status}${s.endsAtPeriodEnd ? ', ends at period end' : ''}, ${licenseCount(s.inForce)} in force, ${s.renewing} renewing, period ${s.period.join(' to ')}, ${s.card ?? 'no card'}${s.nextCharge ? `, next charge ${(s.nextCharge.amount / 100).toFixed(2)} ${s.nextCharge.currency.toUpperCase()} on ${s.nextCharge.date}` : ''}`
      : '  subscription: none',
  );
  for (const i of r.invoices)
    lines.push(
      `  invoice ${i.number ?? '?'} ${i.status ?? '?'} ${(i.amountPaid / 100).toFixed(2)} ${i.created ?? ''} ${i.url ?? ''}`,
    );
  lines.push(`  licenses: ${r.licenses.length}`);
  for (const l of r.licenses) {
    lines.push(
      `    ${l.key} ${l.inForce ? 'in force' : 'ended'} (${l.expirationDate}), ${l.subscription}, held by ${l.holder}`,
    );
    for (const m of l.machines)
      lines.push(
        `      ${m.name} (${m.platform}) last seen ${m.lastSeen ?? '?'}${m.signedOut ? ', signed out' : ''}`,
      );
  }
  const b = r.billingDetails;
  lines.push(
    b
      ? `  billing details: ${b.companyName}, ${b.address.line1}, ${b.address.postalCode} ${b.address.city}, ${b.address.country}${b.taxId ? `, ${b.taxId.type} ${b.taxId.value}` : ''}${b.billingEmail ? `, invoices to ${b.billingEmail}` : ''}`
      : '  billing details: none',
  );
  lines.push(
    r.termsAccepted
      ? `  terms accepted: version ${r.termsAccepted.version} at ${r.termsAccepted.acceptedAt}`
      : '  terms accepted: not recorded',
  );
  if (r.guaranteeRefund)
    lines.push(
      `  guarantee refund: ${(r.guaranteeRefund.amount / 100).toFixed(2)} ${r.guaranteeRefund.currency.toUpperCase()} at ${r.guaranteeRefund.refundedAt ?? '?'}`,
    );
  lines.push(`  actions (last 24 hours): ${r.recentActions.length ? '' : 'none'}`);
  for (const a of r.recentActions)
    lines.push(`    ${a.startedAt} ${a.route} ${a.state}${a.status ? ` ${a.status}` : ''}`);
  lines.push(`  mails: ${typeof r.mails === 'string' ? r.mails : r.mails.length ? '' : 'none'}`);
  if (Array.isArray(r.mails)) for (const m of r.mails) lines.push(`    ${m}`);
  lines.push(`  support history: ${r.supportHistory.length ? '' : 'none'}`);
  for (const h of r.supportHistory) lines.push(`    ${h}`);
  return lines;
}

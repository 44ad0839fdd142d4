import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type Stripe from 'stripe';
import { localDynamoDbClient } from '../../../dev/dynamodb';
import { MAX_MACHINE_LIMIT } from '../../../src/lib/machine-limit';
import type { Bff } from './bff';

// The money invariants of one account, read from Stripe and DynamoDB after the fact (no handler code):
//  - renewing keys == Stripe's renewing quantity, per subscription (0 once it ends or will end);
//  - at most one live or incomplete subscription, and the account points at it; every paid
//    subscription carries the account's uid;
//  - no charge without keys and no key without a charge: a subscription's keys (renewing or dated)
//    are exactly the licenses paid for (the first invoice's quantity plus each prorated addition),
//    and a subscription whose payments were all refunded has none in force (the satisfaction
//    guarantee's refund ends its keys at once; an orphan refunded by the webhook never had any);
//  - no license has more machines accepted at once (not signed out, seen within 30 days) than the
//    stack's machine limit, or than a license's list keeps when there is none.
// Reused by the concurrency and fuzz suites: checkInvariants answers the violations, expectInvariants
// fails the test with all of them.

const IN_FORCE = ['active', 'trialing'];
const ENDED = ['canceled', 'incomplete_expired'];
const LIVE_OR_PENDING = ['active', 'trialing', 'past_due', 'unpaid', 'paused', 'incomplete'];

interface Slot {
  sk: string;
  subscriptionId: string;
  expirationDate: string;
  expired?: boolean;
  machines?: Record<string, { lastSeen: number; signedOutAt?: number }>;
}

const INACTIVE_SECONDS = 30 * 24 * 3600;

async function userItems(bff: Bff, uid: string): Promise<Record<string, unknown>[]> {
  const client = localDynamoDbClient(bff.info.awsGate, bff.info.adminCredentials);
  try {
    const items: Record<string, unknown>[] = [];
    let start: QueryCommand['input']['ExclusiveStartKey'];
    do {
      const out = await client.send(
        new QueryCommand({
          TableName: bff.info.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: `USER#${uid}` } },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []).map((i) => unmarshall(i)));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  } finally {
    client.destroy();
  }
}

const subscriptionOfInvoice = (inv: Stripe.Invoice): string | undefined => {
  const s = inv.parent?.subscription_details?.subscription;
  return typeof s === 'string' ? s : s?.id;
};

/** Licenses an invoice paid for: the first invoice's quantity, a proration's net added quantity. */
function licensesPaidBy(inv: Stripe.Invoice): number {
  if (inv.billing_reason === 'subscription_create') {
    return inv.lines.data.reduce((n, l) => n + (l.quantity ?? 0), 0);
  }
  if (inv.billing_reason === 'subscription_update') {
    return inv.lines.data.reduce((n, l) => n + Math.sign(l.amount) * (l.quantity ?? 0), 0);
  }
  return 0; // renewals pay for keys that already exist
}

async function refundedAmount(bff: Bff, inv: Stripe.Invoice): Promise<number> {
  // The refunds of each payment of the invoice (a failed listing fails the check, never counts as 0).
  const payments = await bff.stripe.invoicePayments.list({ invoice: inv.id ?? '' });
  const intents = payments.data
    .map((p) => p.payment.payment_intent)
    .map((pi) => (typeof pi === 'string' ? pi : pi?.id))
    .filter((pi): pi is string => Boolean(pi));
  let total = 0;
  for (const pi of intents) {
    for await (const r of bff.stripe.refunds.list({ payment_intent: pi, limit: 100 })) {
      if (r.status !== 'failed' && r.status !== 'canceled') total += r.amount;
    }
  }
  return total;
}

export async function checkInvariants(bff: Bff, uid: string): Promise<string[]> {
  const problems: string[] = [];
  const items = await userItems(bff, uid);
  const account = items.find((i) => i.sk === 'ACCOUNT');
  const slots = items.filter((i) => String(i.sk).startsWith('LICENSE#')) as unknown as Slot[];
  const customerId = typeof account?.customerId === 'string' ? account.customerId : undefined;
  if (!customerId) {
    if (slots.length) problems.push(`${slots.length} keys but no Stripe customer`);
    return problems;
  }
  const subs = (await bff.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }))
    .data;
  const invoices = (await bff.stripe.invoices.list({ customer: customerId, status: 'paid', limit: 100 }))
    .data;

  const live = subs.filter((s) => LIVE_OR_PENDING.includes(s.status));
  if (live.length > 1) {
    problems.push(
      `${live.length} live or incomplete subscriptions: ${live.map((s) => `${s.id} ${s.status}`).join(', ')}`,
    );
  }
  for (const s of live) {
    if (account?.subscriptionId !== s.id)
      problems.push(
        `${s.status} subscription ${s.id} is not the account's (it points at ${String(account?.subscriptionId)})`,
      );
  }

  for (const sub of subs) {
    const own = slots.filter((s) => s.subscriptionId === sub.id);
    const paid = invoices.filter((i) => subscriptionOfInvoice(i) === sub.id);
    let licensesPaid = 0;
    let netPaid = 0;
    let refundedInvoices = 0;
    for (const inv of paid) {
      const refunded = await refundedAmount(bff, inv);
      if (refunded >= inv.amount_paid && inv.amount_paid > 0) {
        refundedInvoices++;
        continue;
      }
      licensesPaid += licensesPaidBy(inv);
      netPaid += inv.amount_paid - refunded;
    }
    if (netPaid > 0 && sub.metadata?.uid !== uid)
      problems.push(`paid subscription ${sub.id} carries uid ${String(sub.metadata?.uid)}, not ${uid}`);
    if (paid.length > 0 && refundedInvoices === paid.length) {
      const inForce = own.filter((s) => !s.expired);
      if (inForce.length)
        problems.push(`${sub.id} (${sub.status}): refunded in full, yet ${inForce.length} keys not ended`);
      if (!ENDED.includes(sub.status))
        problems.push(`${sub.id} (${sub.status}): refunded in full, yet not ended`);
    } else if (own.length !== licensesPaid)
      problems.push(`${sub.id} (${sub.status}): ${own.length} keys for ${licensesPaid} licenses paid`);

    const quantity = sub.items.data[0]?.quantity ?? 0;
    const renewingWanted = IN_FORCE.includes(sub.status) && !sub.cancel_at_period_end ? quantity : 0;
    const renewing = own.filter((s) => s.expirationDate === 'NONE').length;
    const checked = IN_FORCE.includes(sub.status) || ENDED.includes(sub.status);
    if (checked && renewing !== renewingWanted)
      problems.push(`${sub.id} (${sub.status}): ${renewing} renewing keys, Stripe renews ${renewingWanted}`);
  }
  const now = Math.floor(Date.now() / 1000);
  for (const s of slots) {
    const accepted = Object.values(s.machines ?? {}).filter(
      (m) => m.signedOutAt === undefined && m.lastSeen > now - INACTIVE_SECONDS,
    ).length;
    if (accepted > (bff.info.machineLimit ?? MAX_MACHINE_LIMIT))
      problems.push(`key ${s.sk} has ${accepted} machines accepted at once`);
  }
  const known = new Set(subs.map((s) => s.id));
  for (const s of slots) {
    if (!known.has(s.subscriptionId))
      problems.push(`key ${s.sk} of unknown subscription ${s.subscriptionId}`);
  }
  return problems;
}

export async function expectInvariants(bff: Bff, uid: string): Promise<void> {
  const problems = await checkInvariants(bff, uid);
  if (problems.length) throw new Error(`money invariants broken for ${uid}:\n- ${problems.join('\n- ')}`);
}

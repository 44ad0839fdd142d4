import { randomUUID } from 'node:crypto';
import { requestRefund as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { guaranteeMessage } from '../../lib/guarantee-messages';
import { tellHoldersOfEndingLicenses } from '../../lib/holder-notices';
import { apiHandler, conflict, ok } from '../../lib/http';
import { isoFromEpoch } from '../../lib/license-state';
import { requireOwnAccount } from '../../lib/ownership';
import { saveSubscription } from '../../lib/repository/accounts';
import {
  claimHousehold,
  readHouseholdClaims,
  releaseHousehold,
  markRefundMailed,
  saveGuaranteeRefund,
} from '../../lib/repository/guarantee';
import { endSlotNow, listSlots } from '../../lib/repository/licenses';
import { parseJsonBody } from '../../lib/request';
import { allDone } from '../../lib/settle';
import {
  cancelSubscription,
  licenseItem,
  refundInFull,
  refundsOfPayment,
  retrieveSubscription,
  snapshotOf,
} from '../../lib/stripe';
import { ENDED_STATUSES } from '../../lib/subscription-status';
import { YEAR_SECONDS, type GuaranteeDecision } from '../../money/guarantee';
import { readGuarantee } from '../../money/guarantee-facts';
import { runUserAction } from '../../money/user-action';
import { tellAboutRefunds } from '../../notices/refund-notices';

// POST /api/request-refund {customerId, subscriptionId}: the satisfaction guarantee, self-service.
// Under the account's lease (so an add, a removal or a checkout waits, and a double click refunds
// once): the terms' rules are checked (money/guarantee.ts; a refusal is 409 with the rule's code and
// changes nothing); each household key is claimed (a conditional write, so two accounts paying with one
// card cannot both be refunded); every payment of the subscription is refunded in full; the
// subscription is cancelled at once and each of its licenses ends now (validate-license refuses them at
// the next check); the refund is recorded and each refund mailed, once. Every step repeats safely,
// and a refund that began is carried through by the next request, whatever the rules say by then.

const GUARANTEE_REASON = 'satisfaction_guarantee';

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const account = await requireOwnAccount(caller, body);
  const uid = caller.sub;

  return runUserAction(event, uid, { route: 'request-refund', input: body }, async (action) => {
    const sub = await retrieveSubscription(body.subscriptionId);
    const stripeNow = licenseItem(sub).current_period_start;
    const facts = await readGuarantee(uid, { ...account, ...snapshotOf(sub) }, { stripeNow });
    // A refund that began and did not finish (its claims are this subscription's, or it was recorded
    // and not yet mailed); a finished one is refused below.
    const began = facts.record ? !facts.record.mailed : facts.ownClaims.length > 0;
    const refuse = (d: GuaranteeDecision) => conflict(d.reason ?? 'NOT_ELIGIBLE', guaranteeMessage(d) ?? '');
    if (!began && !facts.decision.eligible) throw refuse(facts.decision);

    // Claims and the record use the clock the rules were decided on, so the page and the refund agree.
    const now = Math.floor(facts.now);
    const claim = { uid, subscriptionId: sub.id };
    const taken: string[] = [];
    for (const key of facts.households) {
      if (await claimHousehold(key, { ...claim, at: now, yearAgo: now - YEAR_SECONDS })) {
        if (!facts.ownClaims.includes(key)) taken.push(key);
      } else if (!began) {
        // Another refund claimed this household in between: nothing of this one happens.
        await allDone(taken.map((k) => releaseHousehold(k, claim)));
        const [other] = await readHouseholdClaims([key]);
        throw refuse({
          ...facts.decision,
          eligible: false,
          reason: 'HOUSEHOLD_REFUNDED',
          at: other?.claimedAt ?? now,
        });
      }
    }

    const made = await refundInFull(facts.payments, action.attempt ?? randomUUID(), {
      uid,
      subscription: sub.id,
      reason: GUARANTEE_REASON,
    });
    const ended = ENDED_STATUSES.includes(sub.status) ? sub : await cancelSubscription(sub.id);
    const slots = await listSlots(uid, sub.id);
    const at = isoFromEpoch(now);
    await allDone<unknown>([
      ...slots.filter((s) => !s.expired).map((s) => endSlotNow(uid, s.sk, at)),
      saveSubscription(uid, body.customerId, snapshotOf(ended)),
    ]);
    // What the guarantee gave back: its own refunds (of a payment support refunded in part, what was
    // left), read from Stripe, so a retry that finds them made answers the same.
    const amount = (await Promise.all(facts.payments.map((p) => refundsOfPayment(p.paymentIntent))))
      .flatMap((p) => p.refunds)
      .filter((r) => r.metadata?.reason === GUARANTEE_REASON && r.metadata.subscription === sub.id)
      .reduce((n, r) => n + r.amount, 0);
    await saveGuaranteeRefund(uid, {
      subscriptionId: sub.id,
      refundedAt: now,
      amount,
      currency: facts.currency,
      refunds: [...(facts.record?.refunds ?? []), ...made.refunds],
    });
    // The people the buyer gave licenses to are told theirs ended (each once).
    await tellHoldersOfEndingLicenses(uid, await listSlots(uid, sub.id));
    // A mail for each refund (each payment's own), claimed by the refund's id: Stripe's charge.refunded
    // for the same refund, handled before or after this, sends none again.
    for (const p of facts.payments) await tellAboutRefunds(uid, p.paymentIntent);
    await markRefundMailed(uid, sub.id);
    return ok(endpoint, {
      subscriptionId: sub.id,
      amount,
      currency: facts.currency,
      refundedAt: isoFromEpoch(facts.record?.refundedAt ?? now),
      licensesEnded: slots.length,
    });
  });
});

import { refundEligibility as endpoint } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { guaranteeMessage } from '../../lib/guarantee-messages';
import { apiHandler, ok } from '../../lib/http';
import { isoFromEpoch } from '../../lib/license-state';
import { getAccount } from '../../lib/repository/accounts';
import { parseQuery } from '../../lib/request';
import { readGuarantee } from '../../money/guarantee-facts';

// GET /api/refund-eligibility?uid: whether the satisfaction guarantee's refund is open to the caller
// now, how much it gives back, until when, and if not, why (one code per rule of the terms). Decided as
// request-refund decides (money/guarantee.ts); a subscription past its first month by our records is
// answered without asking Stripe, otherwise its payments and cards are read from Stripe.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  const { decision, currency } = await readGuarantee(uid, await getAccount(uid), { quick: true });
  return ok(endpoint, {
    eligible: decision.eligible,
    amount: decision.amount,
    currency,
    deadline: decision.deadline === undefined ? null : isoFromEpoch(decision.deadline),
    reason: decision.reason,
    message: guaranteeMessage(decision),
  });
});

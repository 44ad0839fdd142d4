import { getHeldLicenses as endpoint } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { ok, apiHandler } from '../../lib/http';
import { normalizeEmail } from '../../../src/lib/email-address';
import { isInForce, isPaidFor } from '../../lib/license-state';
import { getAccount, type Account } from '../../lib/repository/accounts';
import { listSlotsAssignedTo } from '../../lib/repository/license-holders';
import { parseQuery } from '../../lib/request';
import { allDone } from '../../lib/settle';

// GET /api/get-held-licenses?uid: the licenses in force that other accounts assigned to the caller's
// verified address (getCaller refuses an unverified one), with who pays for each. Read-only: only the
// buyer can change an assignment.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  const now = Date.now();
  const slots = (await listSlotsAssignedTo(normalizeEmail(caller.email ?? ''))).filter((s) =>
    isInForce(s, now),
  );
  const buyers = [...new Set(slots.map((s) => s.uid))];
  const accounts = new Map<string, Account | undefined>(
    await allDone(buyers.map(async (buyer) => [buyer, await getAccount(buyer)] as const)),
  );
  return ok(endpoint, {
    licenses: slots.map((s) => {
      const account = accounts.get(s.uid);
      return {
        key: s.licenseKey,
        expirationDate: s.expirationDate,
        paidBy: account?.email ?? null,
        subscriptionStatus:
          account?.subscriptionId === s.subscriptionId ? (account.subscriptionStatus ?? null) : null,
        paidFor: isPaidFor(s, account),
      };
    }),
  });
});

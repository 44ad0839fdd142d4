import { getAccountSummary as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { ok, apiHandler } from '../../lib/http';
import { normalizeEmail } from '../../../src/lib/email-address';
import { isInForce, isPaidFor } from '../../lib/license-state';
import { getAccount, type Account } from '../../lib/repository/accounts';
import { listSlotsAssignedTo } from '../../lib/repository/license-holders';
import { listSlots } from '../../lib/repository/licenses';
import { parseQuery } from '../../lib/request';
import { allDone } from '../../lib/settle';

// GET /api/get-account-summary: what the desktop application shows at sign-in, from our records alone
// (no Stripe call). The account is the token's subject and the licenses given to the person are found
// by the token's verified address (getCaller refuses an unverified one): nothing in the request says
// whose account it is.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  parseQuery(event, endpoint.query);
  const email = caller.email ?? '';
  const address = normalizeEmail(email);
  const now = Date.now();
  const [account, own, assigned] = await Promise.all([
    getAccount(caller.sub),
    listSlots(caller.sub),
    listSlotsAssignedTo(address),
  ]);
  const ownInForce = own.filter((s) => isInForce(s, now));
  const usable = ownInForce.filter((s) => !s.assigneeEmail || s.assigneeEmail === address);
  const given = assigned.filter((s) => s.uid !== caller.sub && isInForce(s, now));
  const payers = new Map<string, Account | undefined>(
    await allDone(
      [...new Set(given.map((s) => s.uid))].map(async (uid) => [uid, await getAccount(uid)] as const),
    ),
  );
  const current = account?.subscriptionId;
  return ok(endpoint, {
    email,
    subscription:
      current && account.subscriptionStatus
        ? {
            status: account.subscriptionStatus,
            licenses: ownInForce.filter((s) => s.subscriptionId === current).length,
            renewing: account.renewing ?? 0,
          }
        : null,
    licenses: [
      ...usable.map((s) => ({
        key: s.licenseKey,
        expirationDate: s.expirationDate,
        source: 'own' as const,
        paidBy: email,
        paidFor: isPaidFor(s, account),
      })),
      ...given.map((s) => {
        const payer = payers.get(s.uid);
        return {
          key: s.licenseKey,
          expirationDate: s.expirationDate,
          source: 'given' as const,
          paidBy: payer?.email ?? null,
          paidFor: isPaidFor(s, payer),
        };
      }),
    ],
    givenAway: ownInForce
      .filter((s) => s.assigneeEmail && s.assigneeEmail !== address)
      .map((s) => ({ key: s.licenseKey, expirationDate: s.expirationDate, assignee: s.assigneeEmail ?? '' })),
  });
});

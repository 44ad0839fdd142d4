import { validateLicense as endpoint } from '../contracts/validate-license';
import { getCaller, type ApiEvent } from '../lib/auth';
import { getLicenseSigningKeyPem } from '../lib/secrets';
import { ok, withErrors } from '../lib/http';
import { normalizeLicenseKey } from '../lib/license-keys';
import { loadSigningKey, signLicenseStatement, type Tools } from '../lib/license-token';
import { isoFromEpoch, isPaidFor } from '../lib/license-view';
import { getAccount } from '../lib/repository/accounts';
import { findSlotByKey, getSlot, RENEWING } from '../lib/repository/licenses';
import { isHeldBy } from '../lib/license-holder';
import { parseJsonBody } from '../lib/request';

// POST /api/validate-license {key}, called by the desktop application with the holder's token (the
// person the buyer assigned the license to, or the buyer while it is not assigned).
// Answers whether the caller holds the key and it is in force, until when, which tools it opens, and (when
// valid) a signed statement the application checks offline with the published public key.
//
// The statement expires at the earlier of the license's end and 7 days from now: a paying user
// keeps working through a week without network, a removed license stops exactly at its date, and a
// lapsed payment (past_due) is noticed at the next online check at most a week later.

export const OFFLINE_SECONDS = 7 * 24 * 3600;
const FREE_TOOLS: Tools = [1, 2, 3];

type Code = 'VALID' | 'EXPIRED' | 'NOT_FOUND' | 'SUBSCRIPTION_INACTIVE';

const refuse = (code: Exclude<Code, 'VALID'>, expiresAt: string | null = null) =>
  ok(endpoint, { valid: false, code, expiresAt, renews: false, tools: FREE_TOOLS, token: null });

export const handler = withErrors(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const key = normalizeLicenseKey(body.key);
  const found = key ? await findSlotByKey(key) : undefined;
  // Its holder is read from the slot itself: the index may lag an assignment changed just now.
  const slot = found && (await getSlot(found.uid, found.sk));
  // A key the caller does not hold (someone else's, or one reassigned away from them) answers exactly
  // like a key that does not exist.
  if (!slot || !isHeldBy(slot, caller)) return refuse('NOT_FOUND');

  const now = Math.floor(Date.now() / 1000);
  const renews = slot.expirationDate === RENEWING;
  const endsAt = renews ? undefined : Math.floor(Date.parse(slot.expirationDate) / 1000);
  if (slot.expired || (endsAt !== undefined && endsAt <= now)) return refuse('EXPIRED', slot.expirationDate);

  // The buyer's subscription decides whether it is in force, whoever holds the key.
  const account = await getAccount(slot.uid);
  const current = account?.subscriptionId === slot.subscriptionId;
  if (!isPaidFor(slot, account))
    return refuse('SUBSCRIPTION_INACTIVE', slot.expirationDate === RENEWING ? null : slot.expirationDate);

  const expiresAt = endsAt ?? (current ? account?.periodEnd : undefined);
  const exp = Math.min(endsAt ?? Number.POSITIVE_INFINITY, now + OFFLINE_SECONDS);
  const signingKey = loadSigningKey(await getLicenseSigningKeyPem());
  const token = signLicenseStatement(
    signingKey,
    { sub: caller.sub, key: slot.licenseKey, tools: 'all', exp },
    now,
  );
  return ok(endpoint, {
    valid: true,
    code: 'VALID' satisfies Code,
    expiresAt: expiresAt ? isoFromEpoch(expiresAt) : null,
    renews,
    tools: 'all',
    token,
    tokenExpiresAt: isoFromEpoch(exp),
  });
});

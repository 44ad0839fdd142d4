import { validateLicense as endpoint } from '../contracts/validate-license';
import { getCaller, type ApiEvent } from '../lib/auth';
import { getLicenseSigningKeyPem } from '../lib/secrets';
import { ok, withErrors } from '../lib/http';
import { normalizeLicenseKey } from '../lib/license-keys';
import { loadSigningKey, signLicenseStatement, type Tools } from '../lib/license-token';
import { isoFromEpoch } from '../lib/license-view';
import { getAccount } from '../lib/repository/accounts';
import { findSlotByKey, RENEWING } from '../lib/repository/licenses';
import { parseJsonBody } from '../lib/request';
import { IN_FORCE_STATUSES } from '../lib/subscription-status';

// POST /api/validate-license {key}, called by the desktop application with the owner's token.
// Answers whether the key is the caller's and in force, until when, which tools it opens, and (when
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
  // Someone else's key answers exactly like a key that does not exist.
  const slot = key ? await findSlotByKey(key) : undefined;
  if (!slot || slot.uid !== caller.sub) return refuse('NOT_FOUND');

  const now = Math.floor(Date.now() / 1000);
  const renews = slot.expirationDate === RENEWING;
  const endsAt = renews ? undefined : Math.floor(Date.parse(slot.expirationDate) / 1000);
  if (slot.expired || (endsAt !== undefined && endsAt <= now)) return refuse('EXPIRED', slot.expirationDate);

  const account = await getAccount(caller.sub);
  const current = account?.subscriptionId === slot.subscriptionId;
  // A license of a former subscription is in force only through its own end date.
  const inForce = current ? IN_FORCE_STATUSES.includes(account?.subscriptionStatus ?? '') : !renews;
  if (!inForce)
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

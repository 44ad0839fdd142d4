import { validateLicense as endpoint, type Tools } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { getConfig } from '../../lib/config';
import { getLicenseSigningSecret } from '../../lib/secrets';
import { conflict, ok, apiHandler } from '../../lib/http';
import { normalizeLicenseKey } from '../../lib/license-keys';
import { loadSigningKey, signLicenseStatement } from '../../lib/license-token';
import { isoFromEpoch, isPaidFor } from '../../lib/license-state';
import { admit } from '../../lib/machines';
import { getAccount, type Account } from '../../lib/repository/accounts';
import {
  findSlotByKey,
  getSlot,
  NO_END_DATE,
  writeMachines,
  type LicenseSlot,
} from '../../lib/repository/licenses';
import { isHeldBy } from '../../lib/license-holder';
import { parseJsonBody } from '../../lib/request';

// POST /api/validate-license {key, machine}, called by the desktop application with the holder's token
// (the person the buyer assigned the license to, or the buyer while it is not assigned), at start and
// at least daily. Answers whether the caller holds the key and it is in force on this machine, until
// when, which tools it opens, and (when valid) a signed statement naming the machine, which the
// application checks offline with the published keys. Each check renews the machine's place and its
// statement; a machine signed out from the website is refused, and so is one beyond the seller's machine
// limit when a deployment sets one (by default there is none: lambdas/lib/machines.ts).
//
// The statement expires at the earlier of the license's end and 7 days from now: a paying user
// keeps working through a week without network, a removed license stops exactly at its date, and a
// lapsed payment (past_due) is noticed at the next online check at most a week later.
//
// DynamoDB calls on the usual path: the key's index entry (which carries the machines and their
// version), the buyer's account, and one conditional write of the machines. The index may lag a
// change made just now, so a refusal is confirmed, and a write that lost a race is decided again, on a
// consistent read of the slot. No Stripe call: the account's cached subscription state decides.

export const OFFLINE_SECONDS = 7 * 24 * 3600;
const FREE_TOOLS: Tools = [1, 2, 3];
/**
 * Parallel checks of one license each win a round of conditional writes: n machines starting at the same
 * moment need at most n. Beyond this the check answers 409 BUSY, and the application tries again later.
 */
const MAX_ROUNDS = 8;

const refuse = (
  code: 'EXPIRED' | 'NOT_FOUND' | 'SUBSCRIPTION_INACTIVE' | 'MACHINE_SIGNED_OUT',
  expiresAt: string | null = null,
) => ok(endpoint, { valid: false, code, expiresAt, renews: false, tools: FREE_TOOLS, token: null });

/** The license's end in epoch seconds, undefined while it renews. */
const endOf = (slot: LicenseSlot) =>
  slot.expirationDate === NO_END_DATE ? undefined : Math.floor(Date.parse(slot.expirationDate) / 1000);

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const key = normalizeLicenseKey(body.key);
  const indexed = key ? await findSlotByKey(key) : undefined;
  if (!indexed) return refuse('NOT_FOUND');

  let slot: LicenseSlot | undefined = indexed;
  let consistent = false;
  let account: Account | undefined;
  let accountRead = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // A key the caller does not hold (someone else's, or one reassigned away from them) answers exactly
    // like a key that does not exist.
    if (!slot || !isHeldBy(slot, caller)) {
      if (consistent) return refuse('NOT_FOUND');
      slot = await getSlot(indexed.uid, indexed.sk);
      consistent = true;
      continue;
    }
    const now = Math.floor(Date.now() / 1000);
    const endsAt = endOf(slot);
    if (slot.expired || (endsAt !== undefined && endsAt <= now))
      return refuse('EXPIRED', slot.expirationDate);

    // The buyer's subscription decides whether it is in force, whoever holds the key.
    if (!accountRead) {
      account = await getAccount(slot.uid);
      accountRead = true;
    }
    if (!isPaidFor(slot, account))
      return refuse('SUBSCRIPTION_INACTIVE', endsAt === undefined ? null : slot.expirationDate);

    const exp = Math.min(endsAt ?? Number.POSITIVE_INFINITY, now + OFFLINE_SECONDS);
    const admission = admit(slot.machines, body.machine, caller, now, exp, getConfig().machineLimit);
    if (admission.outcome !== 'admitted' && !consistent) {
      slot = await getSlot(indexed.uid, indexed.sk);
      consistent = true;
      continue;
    }
    if (admission.outcome === 'signed-out') return refuse('MACHINE_SIGNED_OUT');
    if (admission.outcome === 'limit') {
      return ok(endpoint, {
        valid: false,
        code: 'MACHINE_LIMIT',
        expiresAt: null,
        renews: false,
        tools: FREE_TOOLS,
        token: null,
        machines: admission.inUse.map((m) => ({
          name: m.name,
          platform: m.platform,
          lastSeen: isoFromEpoch(m.lastSeen),
        })),
      });
    }
    const written = await writeMachines(slot.uid, slot.sk, slot.machinesVersion, admission.records);
    if (!written) {
      slot = await getSlot(indexed.uid, indexed.sk);
      consistent = true;
      continue;
    }
    // Ended in between (a removal, the subscription's end): the machine keeps its place, unused.
    const endedAt = endOf(written);
    if (written.expired || (endedAt !== undefined && endedAt <= now))
      return refuse('EXPIRED', written.expirationDate);
    return answer(written, caller.sub, body.machine.id, account, now, exp);
  }
  throw conflict('BUSY', 'Too many checks of this license at once. Try again in a moment.');
});

/** The valid answer, from the slot as just written (its end date is the current one). */
async function answer(
  slot: LicenseSlot,
  sub: string,
  machine: string,
  account: Account | undefined,
  now: number,
  exp: number,
) {
  const endsAt = endOf(slot);
  const renews = endsAt === undefined;
  const tokenExp = Math.min(exp, endsAt ?? exp);
  const current = account?.subscriptionId === slot.subscriptionId;
  const expiresAt = endsAt ?? (current ? account?.periodEnd : undefined);
  const signingKey = await loadSigningKey((await getLicenseSigningSecret()).privateKeyPem);
  const token = await signLicenseStatement(
    signingKey,
    { sub, key: slot.licenseKey, machine, tools: 'all', exp: tokenExp },
    now,
  );
  return ok(endpoint, {
    valid: true,
    code: 'VALID',
    expiresAt: expiresAt ? isoFromEpoch(expiresAt) : null,
    renews,
    tools: 'all',
    token,
    tokenExpiresAt: isoFromEpoch(tokenExp),
  });
}

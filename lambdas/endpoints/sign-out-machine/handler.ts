import { signOutMachine as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { conflict, forbidden, ok, apiHandler } from '../../lib/http';
import { isHeldBy } from '../../lib/license-holder';
import { isoFromEpoch } from '../../lib/license-state';
import { signOut } from '../../lib/machines';
import { parseLicenseKey } from '../../lib/own-slot';
import { findSlotByKey, getSlot, writeMachines, type LicenseSlot } from '../../lib/repository/licenses';
import { parseJsonBody } from '../../lib/request';
import { runUserAction } from '../../money/user-action';

// PUT /api/sign-out-machine {licenseKey, machineId}: frees the machine's place on the license at once.
// Its next check is refused (MACHINE_SIGNED_OUT) until its holder signs in on it again; a statement it
// already has works offline until it expires. The buyer may sign out any machine of a license they pay
// for; an assignee only their own machines of a license they hold; anyone else gets 403. A user action
// (lambdas/money/DESIGN.md); signing out a machine already signed
// out answers the same.

const NOT_YOURS = () => forbidden('This machine does not use a license of the signed-in user.');
const ROUNDS = 8;

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const key = parseLicenseKey(body.licenseKey);

  return runUserAction(
    event,
    caller.sub,
    { route: 'sign-out-machine', input: { ...body, licenseKey: key } },
    async () => {
      const indexed = await findSlotByKey(key);
      let slot: LicenseSlot | undefined = indexed && (await getSlot(indexed.uid, indexed.sk));
      for (let round = 0; slot && round < ROUNDS; round++) {
        const pays = slot.uid === caller.sub;
        const holds = !pays && isHeldBy(slot, caller);
        if (!pays && !holds) throw NOT_YOURS();
        const target = slot.machines.find((m) => m.id === body.machineId);
        if (target && holds && target.sub !== caller.sub) throw NOT_YOURS();
        const now = Math.floor(Date.now() / 1000);
        const records = signOut(slot.machines, body.machineId, now);
        if (!target || !records) {
          throw conflict(
            'MACHINE_NOT_LISTED',
            'This machine is no longer on the list: it was signed out when the license changed hands, or it has not checked in for 30 days.',
          );
        }
        const written = target.signedOutAt
          ? slot
          : await writeMachines(slot.uid, slot.sk, slot.machinesVersion, records);
        if (written) {
          return ok(endpoint, {
            licenseKey: key,
            machineId: body.machineId,
            worksOfflineUntil: isoFromEpoch(target.validUntil),
          });
        }
        slot = await getSlot(slot.uid, slot.sk);
      }
      if (slot) throw conflict('BUSY', 'This license is changing right now. Try again in a moment.');
      throw NOT_YOURS();
    },
  );
});

import { getMachines as endpoint, type LicenseMachines } from './contract';
import { assertSelf, getCaller, type ApiEvent } from '../../lib/auth';
import { getConfig } from '../../lib/config';
import { ok, apiHandler } from '../../lib/http';
import { normalizeEmail } from '../../../src/lib/email-address';
import { isInForce } from '../../lib/license-state';
import { inUse, toMachineView } from '../../lib/machines';
import { listSlotsAssignedTo } from '../../lib/repository/license-holders';
import { listSlots } from '../../lib/repository/licenses';
import { parseQuery } from '../../lib/request';

// GET /api/get-machines?uid: the machines that use each license in force the caller pays for (all of
// them, whoever holds it) or holds as assignee (only the caller's own machines), and the deployment's
// machine limit, so the page says what validate-license applies. Machines signed out or not seen for 30
// days are not listed.

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const { uid } = parseQuery(event, endpoint.query);
  assertSelf(caller, uid);
  const [paid, held] = await Promise.all([
    listSlots(caller.sub),
    listSlotsAssignedTo(normalizeEmail(caller.email ?? '')),
  ]);
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  const licenses: LicenseMachines[] = [
    ...paid
      .filter((s) => isInForce(s, nowMs))
      .map((s) => ({
        key: s.licenseKey,
        role: 'payer' as const,
        machines: inUse(s.machines, now).map(toMachineView),
      })),
    ...held
      .filter((s) => isInForce(s, nowMs) && s.uid !== caller.sub)
      .map((s) => ({
        key: s.licenseKey,
        role: 'holder' as const,
        machines: inUse(
          s.machines.filter((m) => m.sub === caller.sub),
          now,
        ).map(toMachineView),
      })),
  ];
  return ok(endpoint, { licenses, machineLimit: getConfig().machineLimit ?? null });
});

import { randomUUID } from 'node:crypto';
import { takeBackLicense as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { forbidden, ok, apiHandler } from '../../lib/http';
import { withHolderChange } from '../../lib/holder-changes';
import { isInForce, toView } from '../../lib/license-state';
import { sendTemplate } from '../../mail/send';
import { licenseTakenBack } from '../../mail/templates/license-taken-back';
import { takeMailAllowance } from '../../lib/mail-limits';
import { ownSlot, parseLicenseKey } from '../../lib/own-slot';
import { requireOwnAccount } from '../../lib/ownership';
import { unassignSlot } from '../../lib/repository/license-holders';
import { parseJsonBody } from '../../lib/request';
import { runUserAction } from '../../money/user-action';

// PUT /api/take-back-license {customerId, subscriptionId, licenseKey}: an assigned license is the
// buyer's again; its assignee can no longer use it and is told by email (while it is in force). Taking
// back a license nobody holds changes nothing. A user action, like assign-license. It is a change of
// holder: the assignee's machines are signed out, and at most 4 changes per license in 30 days (429).

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const key = parseLicenseKey(body.licenseKey);
  await requireOwnAccount(caller, body);

  return runUserAction(
    event,
    caller.sub,
    { route: 'take-back-license', input: { ...body, licenseKey: key } },
    async (action) => {
      const { slot } = await ownSlot(caller, body.subscriptionId, key);
      const plan = await action.plan(() => ({
        formerHolder: slot.assigneeEmail && isInForce(slot) ? slot.assigneeEmail : null,
      }));
      // Nobody holds it (or a resumed run took it back already): no write, no change of holder counted.
      const changes = slot.assigneeEmail ? withHolderChange(slot.holderChanges) : undefined;
      // The former holder's mail counts against the daily limits like assign-license's mails.
      const allowance = plan.formerHolder
        ? await takeMailAllowance(caller.sub, [plan.formerHolder], action.key ?? randomUUID())
        : undefined;
      const released = changes ? await unassignSlot(caller.sub, slot.sk, changes) : slot;
      if (!released) {
        await allowance?.giveBack();
        throw forbidden("The license key is not one of the signed-in user's licenses.");
      }
      if (plan.formerHolder) {
        await sendTemplate(licenseTakenBack, plan.formerHolder, { buyerEmail: caller.email ?? '', key });
      }
      return ok(endpoint, { license: toView(released) });
    },
  );
});

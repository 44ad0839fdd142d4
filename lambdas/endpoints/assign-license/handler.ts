import { randomUUID } from 'node:crypto';
import { assignLicense as endpoint } from './contract';
import { getCaller, type ApiEvent } from '../../lib/auth';
import { ApiError, badRequest, conflict, ok, apiHandler } from '../../lib/http';
import { normalizeEmail } from '../../../src/lib/email-address';
import { withHolderChange } from '../../lib/holder-changes';
import { isInForce, toView } from '../../lib/license-state';
import { sendTemplate } from '../../mail/send';
import { licenseAssigned } from '../../mail/templates/license-assigned';
import { licenseTakenBack } from '../../mail/templates/license-taken-back';
import { takeMailAllowance } from '../../lib/mail-limits';
import { requireOwnAccount } from '../../lib/ownership';
import { assignSlot } from '../../lib/repository/license-holders';
import { parseJsonBody } from '../../lib/request';
import { allDone } from '../../lib/settle';
import { runUserAction } from '../../money/user-action';
import { ownSlot, parseLicenseKey } from '../../lib/own-slot';

// PUT /api/assign-license {customerId, subscriptionId, licenseKey, email}: the buyer gives a license of
// the current subscription to the person at `email`, who alone can then use it (validate-license), and
// who is emailed the key and how to start. A person it is taken from is told. A user action
// (lambdas/money/DESIGN.md); a run resuming an interrupted one assigns again (the write is
// idempotent) and sends the mails again, so none is lost. Its mails
// count against the daily limits of lib/mail-limits.ts (once per action, however often retried). A
// change of holder signs out the former holder's machines and is limited to 4 per license in 30 days.

/** Sending the same license to the same person again waits this long, so a buyer cannot flood an inbox. */
const RESEND_AFTER_MS = 60_000;

const ENDED = () => conflict('LICENSE_ENDED', 'This license has ended and can no longer be assigned.');

export const handler = apiHandler(endpoint, async (event: ApiEvent) => {
  const caller = await getCaller(event);
  const body = parseJsonBody(event, endpoint.body);
  const key = parseLicenseKey(body.licenseKey);
  const email = normalizeEmail(body.email);
  if (caller.email && normalizeEmail(caller.email) === email) {
    throw badRequest(
      'ASSIGNEE_IS_YOU',
      'That is your own email address: a license that is not assigned to anyone is yours already.',
    );
  }
  await requireOwnAccount(caller, body);

  return runUserAction(
    event,
    caller.sub,
    { route: 'assign-license', input: { ...body, licenseKey: key, email } },
    async (action) => {
      const { slot, slots } = await ownSlot(caller, body.subscriptionId, key);
      // Decided once per action, so a resumed run tells the same former holder.
      const plan = await action.plan(() => {
        if (!isInForce(slot)) throw ENDED();
        const since = Date.now() - Date.parse(slot.assignedAt ?? '');
        if (slot.assigneeEmail === email && since < RESEND_AFTER_MS) {
          throw new ApiError(
            429,
            'TOO_MANY_ATTEMPTS',
            `We emailed ${email} the key a moment ago. To send it again, wait a minute.`,
          );
        }
        if (slots.some((s) => s !== slot && s.assigneeEmail === email && isInForce(s))) {
          throw conflict('ALREADY_HOLDS_LICENSE', `${email} already holds a license of this subscription.`);
        }
        return {
          formerHolder: slot.assigneeEmail && slot.assigneeEmail !== email ? slot.assigneeEmail : null,
        };
      });
      // A new holder (not the same person sent the license again) signs out the former holder's
      // machines and counts against the 4 changes a license may have in 30 days. Decided on the slot
      // as read now, so a run resuming one that assigned already does not count it twice.
      const changes = slot.assigneeEmail === email ? undefined : withHolderChange(slot.holderChanges);
      // Counted before anything changes: an action over a daily mail limit is refused whole.
      const allowance = await takeMailAllowance(
        caller.sub,
        [email, ...(plan.formerHolder ? [plan.formerHolder] : [])],
        action.key ?? randomUUID(),
      );
      const assigned = await assignSlot(caller.sub, slot.sk, email, changes);
      if (!assigned) {
        await allowance.giveBack();
        throw ENDED();
      }
      const buyerEmail = caller.email ?? '';
      await allDone([
        sendTemplate(licenseAssigned, email, {
          to: email,
          buyerEmail,
          key,
          expirationDate: assigned.expirationDate,
        }),
        ...(plan.formerHolder
          ? [sendTemplate(licenseTakenBack, plan.formerHolder, { buyerEmail, key })]
          : []),
      ]);
      return ok(endpoint, { license: toView(assigned) });
    },
  );
});

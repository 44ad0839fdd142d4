import type { Exclusion } from './command';
import { GuaranteeRefund } from './subscriber';

// Product defects the lifecycle model found on the code of the day, each being fixed on its own
// branch. The short run in `npm test` leaves out the commands that meet them (LIFECYCLE_EXCLUDE
// names them; `npm run lifecycle` leaves out none unless asked), so the rest stays green. Remove an
// entry once its fix is merged. Never a reason to weaken the model or its checks.

export const KNOWN_DEFECTS: Exclusion[] = [
  {
    // request-refund sums what each payment took, not what is left of it after support's refund.
    name: 'request-refund answers more than it refunded after a partial refund',
    matches: (c, m) => c instanceof GuaranteeRefund && (m.sub?.payments ?? []).some((p) => p.refunded > 0),
  },
];

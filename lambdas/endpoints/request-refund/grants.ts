import type { HandlerPermissions } from '../../lib/permissions';

// What refund-eligibility reads, then: claims the households, refunds and cancels in Stripe, ends the
// slots, records the refund, and mails the buyer and the people given its licenses.
export const grants: HandlerPermissions = {
  table: ['GetItem', 'Query', 'UpdateItem'],
  secrets: ['stripe'],
  mail: true,
};

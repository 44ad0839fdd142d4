import { CognitoDeleteUser } from './cognito';
import type { Exclusion } from './command';
import { SupportRefund } from './operator';
import { BillingDetails, Buy, DeleteAccount, QuoteThenAdd } from './subscriber';
import { NextRenewal } from './time';

// Product defects the lifecycle model found on the code of the day, each being fixed on its own
// branch. The short run in `npm test` leaves out the commands that meet them (LIFECYCLE_EXCLUDE
// names them; `npm run lifecycle` leaves out none unless asked), so the rest stays green. Remove an
// entry once its fix is merged. Never a reason to weaken the model or its checks.

export const KNOWN_DEFECTS: Exclusion[] = [
  {
    name: 'Cognito DeleteUser with the own access token is not refused',
    matches: (c) => c instanceof CognitoDeleteUser,
  },
  {
    name: 'a support refund mails no one',
    matches: (c) => c instanceof SupportRefund,
  },
  {
    name: 'delete-customer leaves the Cognito user able to sign in',
    matches: (c) => c instanceof DeleteAccount,
  },
  {
    name: "quote-licenses is not on Stripe's clock, so its amount differs from the charge",
    matches: (c) => c instanceof QuoteThenAdd,
  },
  {
    // guarantee-facts.ts takes the server's time once no renewal moved the period start on.
    name: "refund-eligibility offers the guarantee after a subscription ended on Stripe's clock",
    matches: (c, m) => c instanceof NextRenewal && m.sub?.ending === true,
  },
  {
    name: 'setup-checkout starts a second subscription beside one set to end',
    matches: (c, m) => c instanceof Buy && m.sub?.ending === true && m.inForce,
  },
  {
    name: 'money mails do not go to the billing e-mail',
    matches: (c) => c instanceof BillingDetails && c.withEmail,
  },
];

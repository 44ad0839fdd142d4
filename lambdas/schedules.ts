// Functions that run on a schedule rather than behind a route: CDK gives each its own function, role
// (cdk/lib/handler-permissions.ts, by name) and EventBridge rule; the local stack's IAM gate knows each
// as a principal, as it knows the API's handlers. The code is lambdas/jobs/<name>.ts.

export interface ScheduledJob {
  name: string;
  /** Runs every this many hours. */
  everyHours: number;
  description: string;
}

export const schedules: readonly ScheduledJob[] = [
  {
    name: 'sync-subscriptions',
    everyHours: 6,
    description: 'Re-reads from Stripe every subscription whose cached state is more than a day old',
  },
  {
    name: 'card-expiry-notices',
    everyHours: 12,
    description: 'Mails each subscriber whose card expires before the next renewal, once per card',
  },
  {
    name: 'sync-customer-emails',
    everyHours: 1,
    description: "Makes each Stripe customer's email follow an address the sign-up trigger moved",
  },
];

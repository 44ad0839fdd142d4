// Functions that run on a schedule rather than behind a route: CDK gives each its own function, role
// (cdk/lib/handler-permissions.ts, by name) and EventBridge rule; the local stack's IAM gate knows each
// as a principal, as it knows the API's handlers. The code is lambdas/jobs/<name>.ts.

export interface ScheduledJob {
  name: string;
  /** Runs every this many minutes (EventBridge's rate: 1 minute at the least). */
  everyMinutes: number;
  description: string;
}

export const schedules: readonly ScheduledJob[] = [
  {
    name: 'sync-subscriptions',
    everyMinutes: 6 * 60,
    description: 'Re-reads from Stripe every subscription whose cached state is more than a day old',
  },
  {
    name: 'card-expiry-notices',
    everyMinutes: 12 * 60,
    description: 'Mails each subscriber whose card expires before the next renewal, once per card',
  },
  {
    name: 'sync-customer-emails',
    everyMinutes: 60,
    description: "Makes each Stripe customer's email follow an address the sign-up trigger moved",
  },
  {
    name: 'held-security-mails',
    everyMinutes: 5,
    description: "Sends the mails about a second factor held back while the last one's window was open",
  },
];

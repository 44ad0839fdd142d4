// The Stripe events the webhook acts on (lambdas/endpoints/stripe-webhook/handler.ts): what its endpoint in Stripe
// must send. `npm run deploy` creates or checks the endpoint with this list (cdk/preflight/stripe.ts).
export const WEBHOOK_EVENTS = [
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  // Every refund, whoever made it (ours, or one in Stripe's Dashboard): the refund mail.
  'charge.refunded',
] as const;

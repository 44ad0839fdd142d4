// The Stripe adapter: every Stripe call the BFF makes, through the official `stripe` SDK, one concern
// per file. Callers import from here. Errors the client's input causes leave as domain errors
// (domain-errors.ts); the keys and metadata of the money paths come from lambdas/money/.

export { getStripe, isMissing, Stripe } from './client';
export { clientSecretOf, customerIdOf, idOf, keySourceOf, licenseItem } from './objects';
export { snapshotOf } from './snapshot';
export {
  cancelAbandonedCheckout,
  cancelSubscription,
  createIncompleteSubscription,
  keepRenewing,
  lowerRenewingQuantity,
  openSubscriptionsOf,
  pendingCheckoutsOf,
  previewRaise,
  raiseQuantity,
  raiseRenewingQuantity,
  retrieveSubscription,
} from './subscriptions';
export { createCustomer, deleteCustomer, findCustomerOf, updateCustomerEmail } from './customers';
export {
  attachPaymentMethod,
  listFinalizedInvoices,
  payOpenInvoices,
  retrievePaymentMethod,
  setDefaultPaymentMethod,
} from './payments';
export { refundPart, refundsOfPayment, refundSubscriptionPayments } from './refunds';
export { refundInFull, subscriptionPayments, type SubscriptionPayment } from './guarantee';
export { constructWebhookEvent } from './webhook';
export { setBillingDetails } from './billing-details';

// The one table of API routes. The local API server (dev/) and the CDK API stack (cdk/) both read it,
// so a route exists locally exactly as it will behind API Gateway.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** Path under the site origin, always starting with /api/. */
  path: string;
  /** File name (without .ts) in lambdas/handlers/ exporting `handler`. */
  handler: string;
  /** 'jwt': behind the Cognito JWT authorizer; 'none': public (its own secret or no data). */
  auth: 'jwt' | 'none';
}

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', handler: 'health', auth: 'none' },
  { method: 'PUT', path: '/api/update-email', handler: 'update-email', auth: 'jwt' },
  { method: 'POST', path: '/api/email-recovery-info', handler: 'email-recovery-info', auth: 'none' },
  { method: 'POST', path: '/api/email-recovery', handler: 'email-recovery', auth: 'none' },
  { method: 'POST', path: '/api/setup-checkout', handler: 'setup-checkout', auth: 'jwt' },
  { method: 'POST', path: '/api/checkout-info', handler: 'checkout-info', auth: 'jwt' },
  { method: 'GET', path: '/api/complete-checkout', handler: 'complete-checkout', auth: 'jwt' },
  { method: 'GET', path: '/api/get-licenses', handler: 'get-licenses', auth: 'jwt' },
  { method: 'GET', path: '/api/get-subscriptions', handler: 'get-subscriptions', auth: 'jwt' },
  { method: 'PUT', path: '/api/add-licenses', handler: 'add-licenses', auth: 'jwt' },
  { method: 'GET', path: '/api/quote-licenses', handler: 'quote-licenses', auth: 'jwt' },
  { method: 'GET', path: '/api/get-invoices', handler: 'get-invoices', auth: 'jwt' },
  { method: 'PUT', path: '/api/remove-licenses', handler: 'remove-licenses', auth: 'jwt' },
  { method: 'PUT', path: '/api/update-card', handler: 'update-card', auth: 'jwt' },
  { method: 'POST', path: '/api/delete-customer', handler: 'delete-customer', auth: 'jwt' },
  { method: 'POST', path: '/api/sign-out-everywhere', handler: 'sign-out-everywhere', auth: 'jwt' },
  { method: 'POST', path: '/api/stripe-webhook', handler: 'stripe-webhook', auth: 'none' },
  { method: 'POST', path: '/api/validate-license', handler: 'validate-license', auth: 'jwt' },
  { method: 'GET', path: '/api/license-public-key', handler: 'license-public-key', auth: 'none' },
];

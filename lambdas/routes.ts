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

export const routes: readonly RouteDef[] = [{ method: 'GET', path: '/api/health', handler: 'health', auth: 'none' }];

import type { RouteDef } from './contracts/contract';
import { ENDPOINT_CONTRACTS } from './endpoints/contracts';

// The one table of API routes, one row per endpoint folder (lambdas/endpoints/<name>/contract.ts,
// gathered by `npm run endpoints` into lambdas/endpoints/contracts.ts). The local API server (dev/) and
// the CDK API stack (cdk/) both read it, so a route exists locally exactly as it will behind API Gateway,
// and with the method and path its handler and its clients were typed with. Every registry of endpoints
// is keyed by EndpointName: an endpoint missing from one does not compile (docs/adding-an-endpoint.md).

export type { RouteDef } from './contracts/contract';

type Contracts = typeof ENDPOINT_CONTRACTS;

/** An endpoint's name: its folder in lambdas/endpoints/, the key of every registry of endpoints. */
export type EndpointName = keyof Contracts;

/** The GET endpoints that read a query string (each has its malformed queries beside its fuzz generator). */
export type QueryEndpointName = {
  [Name in EndpointName]: Contracts[Name] extends { method: 'GET'; query: object } ? Name : never;
}[EndpointName];

/** Each contract at its folder's name: a contract whose `handler` names another folder does not compile. */
const byFolder: { readonly [Name in EndpointName]: Contracts[Name] & { readonly handler: Name } } =
  ENDPOINT_CONTRACTS;

export const routes: readonly (RouteDef & { handler: EndpointName })[] = Object.values(byFolder).map((c) => {
  const { method, path, handler, auth } = c;
  return 'file' in c ? { method, path, handler, auth, file: c.file } : { method, path, handler, auth };
});

import { accountConfig } from '../account-config';
import { genericErrorMessage } from '../auth/errors';
import { currentIdToken } from '../auth/session';
// Type-only: the contracts' schemas and routes stay out of the browser bundle; only their types are
// read, so an answer the pages do not follow, or a wrong method or path, fails the type check.
import type { acceptTerms as acceptTermsContract } from '../../lambdas/endpoints/accept-terms/contract';
import type { addLicenses as addLicensesContract } from '../../lambdas/endpoints/add-licenses/contract';
import type { assignLicense as assignLicenseContract } from '../../lambdas/endpoints/assign-license/contract';
import type { putBillingDetails as putBillingDetailsContract } from '../../lambdas/endpoints/billing-details/contract';
import type { cancelCheckout as cancelCheckoutContract } from '../../lambdas/endpoints/cancel-checkout/contract';
import type { cancelSubscription as cancelSubscriptionContract } from '../../lambdas/endpoints/cancel-subscription/contract';
import type { checkoutInfo as checkoutInfoContract } from '../../lambdas/endpoints/checkout-info/contract';
import type { completeCheckout as completeCheckoutContract } from '../../lambdas/endpoints/complete-checkout/contract';
import type {
  AnswerOf,
  ApiErrorBody,
  BodyOf,
  Contract,
  FileAnswer,
  FileSpec,
  QueryOf,
} from '../../lambdas/contracts/contract';
import type { deleteCustomer as deleteCustomerContract } from '../../lambdas/endpoints/delete-customer/contract';
import type { emailRecovery } from '../../lambdas/endpoints/email-recovery/contract';
import type { emailRecoveryInfo } from '../../lambdas/endpoints/email-recovery-info/contract';
import type { getBillingDetails as getBillingDetailsContract } from '../../lambdas/endpoints/get-billing-details/contract';
import type { endSessions as endSessionsContract } from '../../lambdas/endpoints/end-sessions/contract';
import type { getHeldLicenses as getHeldLicensesContract } from '../../lambdas/endpoints/get-held-licenses/contract';
import type { finishPasskeyRemoval as finishPasskeyRemovalContract } from '../../lambdas/endpoints/finish-passkey-removal/contract';
import type { getMachines as getMachinesContract } from '../../lambdas/endpoints/get-machines/contract';
import type { signOutMachine as signOutMachineContract } from '../../lambdas/endpoints/sign-out-machine/contract';
import type { getInvoices as getInvoicesContract } from '../../lambdas/endpoints/get-invoices/contract';
import type { getInvoicesCsv as getInvoicesCsvContract } from '../../lambdas/endpoints/get-invoices-csv/contract';
import type { getLicenses as getLicensesContract } from '../../lambdas/endpoints/get-licenses/contract';
import type { getSubscriptions as getSubscriptionsContract } from '../../lambdas/endpoints/get-subscriptions/contract';
import type { quoteLicenses as quoteLicensesContract } from '../../lambdas/endpoints/quote-licenses/contract';
import type { refundEligibility as refundEligibilityContract } from '../../lambdas/endpoints/refund-eligibility/contract';
import type { removeLicenses as removeLicensesContract } from '../../lambdas/endpoints/remove-licenses/contract';
import type { renewLicenses as renewLicensesContract } from '../../lambdas/endpoints/renew-licenses/contract';
import type { requestRefund as requestRefundContract } from '../../lambdas/endpoints/request-refund/contract';
import type { resumeSubscription as resumeSubscriptionContract } from '../../lambdas/endpoints/resume-subscription/contract';
import type { setupCheckout as setupCheckoutContract } from '../../lambdas/endpoints/setup-checkout/contract';
import type { signOutEverywhere as signOutEverywhereContract } from '../../lambdas/endpoints/sign-out-everywhere/contract';
import type { takeBackLicense as takeBackLicenseContract } from '../../lambdas/endpoints/take-back-license/contract';
import type { updateCard as updateCardContract } from '../../lambdas/endpoints/update-card/contract';
import type { updateEmail as updateEmailContract } from '../../lambdas/endpoints/update-email/contract';

// The one client of the BFF (/api on the same origin): one function per endpoint, typed by the
// endpoint's contract (lambdas/contracts/): what it sends is the contract's request, what it resolves
// to the contract's answer, or for a file endpoint the browser's download of the file (download).
// JWT routes send the Cognito ID token. A response that is not ok is thrown as its parsed JSON body
// ({ error: { code, message } }; a body of another shape is wrapped into that shape). A network
// failure, a 5xx or an answer that is neither JSON nor the contract's file throws that shape with the
// generic message.

/** The contract's method and path, spelled out here and checked against the contract by tsc. */
type Route<C extends Contract> = Pick<C, 'method' | 'path'>;

interface CallOptions<C extends Contract> {
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  /** false for the public email-recovery pair. */
  auth?: boolean;
  /** A user action that changes a purchase: sent with an Idempotency-Key (see actionKey). */
  idempotent?: boolean;
}

// One Idempotency-Key per user action: the same request (method, path, body) reuses its key until it
// gets a definitive answer, so a double click or a retry after a network failure, a 5xx or "in
// progress" is the same action to the BFF (done once, first answer returned); after a definitive
// answer the same request again is a new action.
const pendingKeys = new Map<string, string>();

function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function actionKey(action: string): string {
  let key = pendingKeys.get(action);
  if (!key) {
    key = newKey();
    pendingKeys.set(action, key);
  }
  return key;
}

// The BFF refuses a token issued before the user's sessions were revoked (sign-out everywhere, email
// recovery, deletion). Such a token-expired error signs the user out of the site; the session owner
// (AuthProvider) registers what that means here, so this client stays free of Amplify.
let sessionRevoked: (() => void) | undefined;

/** Called when the BFF answers 401 SESSION_EXPIRED; undefined to stop listening. */
export function onSessionRevoked(listener: (() => void) | undefined): void {
  sessionRevoked = listener;
}

// While support removes the account's passkeys, the BFF refuses every call of the account (403
// PASSKEY_REMOVAL_PENDING) until the site finishes it; the session owner registers the screen that does.
let passkeyRemovalPending: (() => void) | undefined;

/** Called when the BFF answers 403 PASSKEY_REMOVAL_PENDING; undefined to stop listening. */
export function onPasskeyRemovalPending(listener: (() => void) | undefined): void {
  passkeyRemovalPending = listener;
}

/** What a failure the user cannot act on throws: the generic message with the support address. */
const unexpected = (code: string): ApiErrorBody => ({ error: { code, message: genericErrorMessage() } });

export function isApiError(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'object' &&
    typeof (value as ApiErrorBody).error?.message === 'string'
  );
}

/** The request of `route`, sent with the ID token as every call: the response, or a network failure thrown. */
async function send<C extends Contract>(
  { method, path }: Route<C>,
  options: CallOptions<C>,
  accept: string,
): Promise<{ response: Response; action?: string }> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth !== false) headers.authorization = `Bearer ${await currentIdToken()}`;
  const action = options.idempotent ? `${method} ${path} ${JSON.stringify(options.body ?? null)}` : undefined;
  if (action) headers['idempotency-key'] = actionKey(action);
  const qs = search.toString();
  // Contract paths start with /api, which apiBase stands for.
  const url = `${accountConfig.apiBase}${path.slice('/api'.length)}`;
  let response: Response;
  try {
    response = await fetch(`${url}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    // Offline, DNS, CORS or a dropped connection: nothing the user can fix but to try again.
    throw unexpected('NETWORK_ERROR');
  }
  if (action && response.status < 500 && response.status !== 409) pendingKeys.delete(action);
  return { response, action };
}

/** The JSON of `response`'s text ({ json: undefined } for none), or null when it is not JSON. */
async function readJson(response: Response): Promise<{ json: unknown } | null> {
  const text = await response.text().catch(() => undefined);
  if (text === undefined) throw unexpected('NETWORK_ERROR');
  try {
    return { json: text ? (JSON.parse(text) as unknown) : undefined };
  } catch {
    return null;
  }
}

/** Throws what a response that is not ok means, as `{ error: { code, message } }`. */
function refusal(response: Response, parsed: { json: unknown } | null): never {
  // A proxy's HTML error page.
  if (!parsed) throw unexpected(`HTTP_${response.status}`);
  const { json } = parsed;
  if (response.status === 401 && isApiError(json) && json.error.code === 'SESSION_EXPIRED') {
    sessionRevoked?.();
  }
  if (response.status === 403 && isApiError(json) && json.error.code === 'PASSKEY_REMOVAL_PENDING') {
    passkeyRemovalPending?.();
  }
  // A 5xx (our bug, a gateway, a deploy in progress) keeps its code for the log but never shows
  // the server's wording ("Bad Gateway", or the BFF's message without the support address).
  if (response.status >= 500) {
    throw unexpected(isApiError(json) ? json.error.code : `HTTP_${response.status}`);
  }
  if (isApiError(json)) throw json;
  const message =
    typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string'
      ? (json as { message: string }).message
      : undefined;
  if (message === undefined) throw unexpected(`HTTP_${response.status}`);
  const body: ApiErrorBody = { error: { code: `HTTP_${response.status}`, message } };
  throw body;
}

async function call<C extends Contract>(route: Route<C>, options: CallOptions<C> = {}): Promise<AnswerOf<C>> {
  const { response } = await send(route, options, 'application/json');
  const parsed = await readJson(response);
  if (!response.ok) refusal(response, parsed);
  // A 200 that is not the BFF's JSON (a CDN fallback page).
  if (!parsed) throw unexpected(`HTTP_${response.status}`);
  // The BFF's handlers can only answer their contract's type (lambdas/lib/http.ts, ok).
  return parsed.json as AnswerOf<C>;
}

/** The file name of a Content-Disposition header (`attachment; filename="name.csv"`), if it has one. */
function fileNameIn(disposition: string | null): string | undefined {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1];
}

/**
 * A file endpoint's answer (fileContract), saved by the browser as a download: the file through an
 * object URL and a click on a temporary <a download>, named as the BFF names it. Resolves to the file
 * name. Refusals throw as `call`'s do; a 200 that is not of the contract's type (a CDN fallback page)
 * throws the generic message.
 */
async function download<C extends Contract<FileAnswer> & { file: FileSpec }>(
  route: Pick<C, 'method' | 'path' | 'file'>,
  options: CallOptions<C> = {},
): Promise<string> {
  const { response } = await send(route, options, route.file.contentType);
  if (!response.ok) refusal(response, await readJson(response));
  const type = response.headers.get('content-type') ?? '';
  if (type.split(';')[0]?.trim() !== route.file.contentType.split(';')[0]) {
    throw unexpected(`HTTP_${response.status}`);
  }
  const blob = await response.blob().catch(() => undefined);
  if (!blob) throw unexpected('NETWORK_ERROR');
  const name =
    fileNameIn(response.headers.get('content-disposition')) ?? `${route.file.stem}.${route.file.extension}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has taken the file by the next task; the URL would otherwise hold it until the page goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

export const updateEmail = (body: BodyOf<typeof updateEmailContract>) =>
  call<typeof updateEmailContract>({ method: 'PUT', path: '/api/update-email' }, { body });

export const getEmailRecovery = (code: string) =>
  call<typeof emailRecoveryInfo>(
    { method: 'POST', path: '/api/email-recovery-info' },
    { body: { code }, auth: false },
  );

export const recoverEmail = (code: string) =>
  call<typeof emailRecovery>(
    { method: 'POST', path: '/api/email-recovery' },
    { body: { code }, auth: false },
  );

export const endSessions = (code: string) =>
  call<typeof endSessionsContract>(
    { method: 'POST', path: '/api/end-sessions' },
    { body: { code }, auth: false },
  );

export const setupCheckout = (body: BodyOf<typeof setupCheckoutContract>) =>
  call<typeof setupCheckoutContract>(
    { method: 'POST', path: '/api/setup-checkout' },
    { body, idempotent: true },
  );

/** Whether `sec` is the caller's own pending checkout, and its amount (403 when it is not). */
export const checkoutInfo = (sec: string) =>
  call<typeof checkoutInfoContract>({ method: 'POST', path: '/api/checkout-info' }, { body: { sec } });

/** Records that the buyer accepts this version of the terms for the checkout (sent as Pay is selected). */
export const acceptTerms = (body: BodyOf<typeof acceptTermsContract>) =>
  call<typeof acceptTermsContract>({ method: 'PUT', path: '/api/accept-terms' }, { body });

export const completeCheckout = (query: QueryOf<typeof completeCheckoutContract>) =>
  call<typeof completeCheckoutContract>({ method: 'GET', path: '/api/complete-checkout' }, { query });

export const getLicenses = (uid: string) =>
  call<typeof getLicensesContract>({ method: 'GET', path: '/api/get-licenses' }, { query: { uid } });

export const getSubscriptions = (uid: string) =>
  call<typeof getSubscriptionsContract>(
    { method: 'GET', path: '/api/get-subscriptions' },
    { query: { uid } },
  );

export const quoteLicenses = ({ count, subscriptionId }: { count: number; subscriptionId?: string }) =>
  call<typeof quoteLicensesContract>(
    { method: 'GET', path: '/api/quote-licenses' },
    { query: { count: String(count), subscriptionId } },
  );

/** The billing history of the caller's current subscription, newest first, with receipt links. */
export const getInvoices = () =>
  call<typeof getInvoicesContract>({ method: 'GET', path: '/api/get-invoices' }, {});

/** Downloads the billing history as a CSV file for a bookkeeper; resolves to the file's name. */
export const downloadInvoicesCsv = (uid: string) =>
  download<typeof getInvoicesCsvContract>(
    {
      method: 'GET',
      path: '/api/get-invoices-csv',
      file: { contentType: 'text/csv; charset=utf-8', stem: 'stockbench-billing-history', extension: 'csv' },
    },
    { query: { uid } },
  );

/** Licenses other accounts pay for and assigned to the signed-in user (read-only to them). */
export const getHeldLicenses = (uid: string) =>
  call<typeof getHeldLicensesContract>({ method: 'GET', path: '/api/get-held-licenses' }, { query: { uid } });

/** The machines that use the licenses the signed-in user pays for or holds. */
export const getMachines = (uid: string) =>
  call<typeof getMachinesContract>({ method: 'GET', path: '/api/get-machines' }, { query: { uid } });

/** Frees a machine's place on a license; the machine is refused at its next check. */
export const signOutMachine = (body: BodyOf<typeof signOutMachineContract>) =>
  call<typeof signOutMachineContract>(
    { method: 'PUT', path: '/api/sign-out-machine' },
    { body, idempotent: true },
  );

/** Gives a license to a person by email address (or to another person); emails them the key. */
export const assignLicense = (body: BodyOf<typeof assignLicenseContract>) =>
  call<typeof assignLicenseContract>(
    { method: 'PUT', path: '/api/assign-license' },
    { body, idempotent: true },
  );

/** Makes an assigned license the buyer's again. */
export const takeBackLicense = (body: BodyOf<typeof takeBackLicenseContract>) =>
  call<typeof takeBackLicenseContract>(
    { method: 'PUT', path: '/api/take-back-license' },
    { body, idempotent: true },
  );

export const addLicenses = (body: BodyOf<typeof addLicensesContract>) =>
  call<typeof addLicensesContract>({ method: 'PUT', path: '/api/add-licenses' }, { body, idempotent: true });

export const removeLicenses = (body: BodyOf<typeof removeLicensesContract>) =>
  call<typeof removeLicensesContract>(
    { method: 'PUT', path: '/api/remove-licenses' },
    { body, idempotent: true },
  );

/** Ends a checkout not yet paid, in Stripe and in our records (409 once it is paid). */
export const cancelCheckout = (body: BodyOf<typeof cancelCheckoutContract>) =>
  call<typeof cancelCheckoutContract>(
    { method: 'PUT', path: '/api/cancel-checkout' },
    { body, idempotent: true },
  );

/** Keeps a subscription that was set to end at period end renewing (409 once Stripe has ended it). */
export const resumeSubscription = (body: BodyOf<typeof resumeSubscriptionContract>) =>
  call<typeof resumeSubscriptionContract>(
    { method: 'PUT', path: '/api/resume-subscription' },
    { body, idempotent: true },
  );

/** Every renewing license stops renewing at the period's end, in one step; answers the end date. */
export const cancelSubscription = (body: BodyOf<typeof cancelSubscriptionContract>) =>
  call<typeof cancelSubscriptionContract>(
    { method: 'PUT', path: '/api/cancel-subscription' },
    { body, idempotent: true },
  );

/** Removed licenses still in their paid period renew monthly again (the inverse of removeLicenses). */
export const renewLicenses = (body: BodyOf<typeof renewLicensesContract>) =>
  call<typeof renewLicensesContract>(
    { method: 'PUT', path: '/api/renew-licenses' },
    { body, idempotent: true },
  );

/** The company details the caller's invoices show, as last saved (null when none). */
export const getBillingDetails = (uid: string) =>
  call<typeof getBillingDetailsContract>(
    { method: 'GET', path: '/api/get-billing-details' },
    { query: { uid } },
  );

/** Sets the company details every later invoice shows (the whole set: a field left out is removed). */
export const putBillingDetails = (body: BodyOf<typeof putBillingDetailsContract>) =>
  call<typeof putBillingDetailsContract>(
    { method: 'PUT', path: '/api/billing-details' },
    { body, idempotent: true },
  );

/** Whether the satisfaction guarantee's full refund is open to the caller now, how much, until when. */
export const getRefundEligibility = (uid: string) =>
  call<typeof refundEligibilityContract>(
    { method: 'GET', path: '/api/refund-eligibility' },
    { query: { uid } },
  );

/** The satisfaction guarantee's refund: every payment back, the subscription and its licenses ended. */
export const requestRefund = (body: BodyOf<typeof requestRefundContract>) =>
  call<typeof requestRefundContract>(
    { method: 'POST', path: '/api/request-refund' },
    { body, idempotent: true },
  );

export const updateCard = (body: BodyOf<typeof updateCardContract>) =>
  call<typeof updateCardContract>({ method: 'PUT', path: '/api/update-card' }, { body, idempotent: true });

/** Ends every session of the caller on every device (Cognito's and the BFF's). */
export const signOutEverywhere = (body: BodyOf<typeof signOutEverywhereContract> = {}) =>
  call<typeof signOutEverywhereContract>({ method: 'POST', path: '/api/sign-out-everywhere' }, { body });

/** Removes every passkey with the session's access token, as support asked; then the request is cleared. */
export const finishPasskeyRemoval = (accessToken: string) =>
  call<typeof finishPasskeyRemovalContract>(
    { method: 'POST', path: '/api/finish-passkey-removal' },
    { body: { accessToken } },
  );

export const deleteCustomer = (uid: string, currentPassword: string) =>
  call<typeof deleteCustomerContract>(
    { method: 'POST', path: '/api/delete-customer' },
    { body: { uid, currentPassword }, idempotent: true },
  );

import { siteConfig } from '../config';
import { currentIdToken } from '../auth/session';
import type {
  ApiErrorBody,
  CheckoutInfo,
  EmailRecoveryInfo,
  InvoiceList,
  LicenseData,
  LicenseQuote,
  LicenseView,
  SetupCheckoutResult,
  Subscription,
} from './types';

// The one client of the BFF (/api on the same origin): one typed function per call. JWT routes send
// the Cognito ID token. A response that is not ok is thrown as its parsed JSON body
// ({ error: { code, message } }; a body of another shape is wrapped into that shape).

type Query = Record<string, string | number | undefined>;

interface CallOptions {
  query?: Query;
  body?: unknown;
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
// recovery, deletion). The spec signs the user out on such a token-expired error; the session owner
// (AuthProvider) registers what that means here, so this client stays free of Amplify.
let sessionRevoked: (() => void) | undefined;

/** Called when the BFF answers 401 SESSION_EXPIRED; undefined to stop listening. */
export function onSessionRevoked(listener: (() => void) | undefined): void {
  sessionRevoked = listener;
}

export function isApiError(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'object' &&
    typeof (value as ApiErrorBody).error?.message === 'string'
  );
}

async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, options: CallOptions = {}): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth !== false) headers.authorization = `Bearer ${await currentIdToken()}`;
  const action = options.idempotent ? `${method} ${path} ${JSON.stringify(options.body ?? null)}` : undefined;
  if (action) headers['idempotency-key'] = actionKey(action);
  const qs = search.toString();
  const response = await fetch(`${siteConfig.apiBase}/${path}${qs ? `?${qs}` : ''}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (action && response.status < 500 && response.status !== 409) pendingKeys.delete(action);
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    if (response.status === 401 && isApiError(parsed) && parsed.error.code === 'SESSION_EXPIRED') {
      sessionRevoked?.();
    }
    if (isApiError(parsed)) throw parsed;
    const message =
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { message?: unknown }).message === 'string'
        ? (parsed as { message: string }).message
        : response.statusText || `HTTP ${response.status}`;
    const body: ApiErrorBody = { error: { code: `HTTP_${response.status}`, message } };
    throw body;
  }
  return parsed as T;
}

export const updateEmail = (body: {
  uid: string;
  oldEmail: string;
  newEmail: string;
  currentPassword: string;
}) => call<{ email: string }>('PUT', 'update-email', { body });

export const getEmailRecovery = (code: string) =>
  call<EmailRecoveryInfo>('POST', 'email-recovery-info', { body: { code }, auth: false });

export const recoverEmail = (code: string) =>
  call<{ email: string }>('POST', 'email-recovery', { body: { code }, auth: false });

export const setupCheckout = (body: { uid: string; email: string; count: number }) =>
  call<SetupCheckoutResult>('POST', 'setup-checkout', { body, idempotent: true });

/** Whether `sec` is the caller's own pending checkout, and its amount (403 when it is not). */
export const checkoutInfo = (sec: string) => call<CheckoutInfo>('POST', 'checkout-info', { body: { sec } });

export const completeCheckout = (query: { uid: string; pmid: string }) =>
  call<{ subscriptionId: string; subscriptionStatus: string; licenses: LicenseView[] }>(
    'GET',
    'complete-checkout',
    {
      query,
    },
  );

export const getLicenses = (uid: string) => call<LicenseData>('GET', 'get-licenses', { query: { uid } });

export const getSubscriptions = (uid: string) =>
  call<{ subscriptions: Subscription[] }>('GET', 'get-subscriptions', { query: { uid } });

export const quoteLicenses = (query: { count: number; subscriptionId?: string }) =>
  call<LicenseQuote>('GET', 'quote-licenses', { query });

/** The caller's billing history: finalized invoices of the current subscription, newest first. */
export const getInvoices = () => call<InvoiceList>('GET', 'get-invoices');

export const addLicenses = (body: { customerId: string; subscriptionId: string; count: number }) =>
  call<{ subscriptionId: string; quantity: number; licenses: LicenseView[] }>('PUT', 'add-licenses', {
    body,
    idempotent: true,
  });

export const removeLicenses = (body: { customerId: string; subscriptionId: string; licenseKeys: string[] }) =>
  call<{ subscriptionId: string; renewLicenseCount: number; licenses: LicenseView[] }>(
    'PUT',
    'remove-licenses',
    {
      body,
      idempotent: true,
    },
  );

export const updateCard = (body: { subscriptionId: string; paymentMethodId: string }) =>
  call<{ subscriptionId: string; status: string; cardBrand: string | null; cardLast4: string | null }>(
    'PUT',
    'update-card',
    { body, idempotent: true },
  );

/** Ends every session of the caller on every device (Cognito's and the BFF's). `passwordChanged`:
 * it follows a password change, so pending email-recovery links stop working too. */
export const signOutEverywhere = (body: { passwordChanged?: boolean } = {}) =>
  call<{ signedOut: boolean; tokensValidAfter: string }>('POST', 'sign-out-everywhere', { body });

export const deleteCustomer = (uid: string, currentPassword: string) =>
  call<{ deleted: Record<string, unknown> }>('POST', 'delete-customer', {
    body: { uid, currentPassword },
    idempotent: true,
  });

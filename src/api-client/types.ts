// Shapes of the BFF's answers (lambdas/handlers/*.ts).

/** What a failed call throws: the response's parsed JSON body. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export interface LicenseView {
  key: string;
  /** 'NONE' while the license renews monthly, otherwise the ISO date it ends. */
  expirationDate: string;
}

export interface LicenseData {
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  licenses: LicenseView[];
}

export interface Subscription {
  id: string;
  activeLicenseCount: number;
  renewLicenseCount: number;
  status: string;
  /** Epoch seconds. */
  created: number;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  cardBrand: string | null;
  cardLast4: string | null;
  clientSecret: string | null;
}

export interface SetupCheckoutResult {
  sec: string;
  subscriptionId: string;
  customerId: string;
  count: number;
  status: string;
  amountDue?: number;
  currency?: string;
}

/** The checkout page's check of its link (checkout-info): the caller's own pending first payment. */
export interface CheckoutInfo {
  subscriptionId: string;
  /** Licenses in the subscription (Stripe's quantity). */
  count: number;
  /** The first invoice's amount, in cents. */
  amountDue: number | null;
  currency: string | null;
  status: string;
}

export interface LicenseQuote {
  count: number;
  quantity: number;
  /** Charged today, in cents. */
  amountDue: number;
  currency: string;
  unitAmount: number | null;
  periodEnd: number | null;
}

/** One finalized invoice of the subscription (get-invoices); amounts in cents. */
export interface Invoice {
  id: string;
  number: string | null;
  /** Epoch seconds. */
  created: number;
  status: 'open' | 'paid' | 'uncollectible' | 'void';
  currency: string;
  total: number;
  amountDue: number;
  amountPaid: number;
  amountRemaining: number;
  /** Stripe's hosted receipt page. */
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

export interface InvoiceList {
  subscriptionId: string | null;
  /** Newest first. */
  invoices: Invoice[];
}

export interface EmailRecoveryInfo {
  email: string;
  previousEmail: string;
}

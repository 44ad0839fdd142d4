import type * as api from '../../../api-client/client';
import type { HeldLicense, LicenseMachines, LicenseView, Subscription } from '../../../api-client/types';

// What the licenses page's tests serve it: a subscription as get-subscriptions answers it, and the
// page's loads answered from the test's mock of the api-client module.

/** An active subscription of two licenses (one renewing), changed by `over`. */
export const subscriptionOf = (over: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1',
  activeLicenseCount: 2,
  renewLicenseCount: 1,
  status: 'active',
  created: Date.UTC(2024, 0, 5) / 1000,
  currentPeriodStart: Date.UTC(2024, 4, 5) / 1000,
  currentPeriodEnd: Date.UTC(2024, 5, 5) / 1000,
  cancelAtPeriodEnd: false,
  cardBrand: 'visa',
  cardLast4: '4242',
  clientSecret: null,
  priceChange: null,
  nextCharge: null,
  keepRenewingCharge: null,
  ...over,
});

/** Answers the page's loads: the user's licenses (none without a subscription), the subscription, held licenses. */
export function serveLicensesPage(
  mockedApi: jest.Mocked<typeof api>,
  {
    sub,
    licenses,
    held = [],
    machines = [],
    machineLimit = null,
    ended = [],
  }: {
    sub: Subscription | null;
    licenses: LicenseView[];
    held?: HeldLicense[];
    machines?: LicenseMachines[];
    /** The deployment's machine limit get-machines reports; null (the default): none. */
    machineLimit?: number | null;
    /** Licenses of the subscription that ended (get-licenses' `ended`). */
    ended?: LicenseView[];
  },
): void {
  mockedApi.getLicenses.mockResolvedValue({
    customerId: sub ? 'cus_1' : null,
    subscriptionId: sub?.id ?? null,
    subscriptionStatus: sub?.status ?? null,
    licenses: sub ? licenses : [],
    ended: sub ? ended : [],
  });
  mockedApi.getSubscriptions.mockResolvedValue({ subscriptions: sub ? [sub] : [] });
  mockedApi.getHeldLicenses.mockResolvedValue({ licenses: held });
  mockedApi.getMachines.mockResolvedValue({ licenses: machines, machineLimit });
  mockedApi.getInvoices.mockResolvedValue({ subscriptionId: sub?.id ?? null, invoices: [] });
  mockedApi.getBillingDetails.mockResolvedValue({ billingDetails: null });
  mockedApi.getRefundEligibility.mockResolvedValue({
    eligible: false,
    amount: 0,
    currency: 'usd',
    deadline: null,
    reason: 'WINDOW_PASSED',
    message: 'The satisfaction guarantee applies within the first month of a subscription.',
  });
}

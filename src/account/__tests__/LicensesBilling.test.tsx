import React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as api from '../../api-client/client';
import type { LicenseView, RefundEligibility, Subscription } from '../../api-client/types';
import { Licenses } from '../licenses/Licenses';
import { serveLicensesPage, subscriptionOf } from './support/licenses-page';

// The billing relationship on the licenses page: the next charge, leaving in one step, keeping a
// removed license renewing, the satisfaction guarantee's offer, and the billing details for invoices.

jest.mock('../../api-client/client', () => ({
  getLicenses: jest.fn(),
  getSubscriptions: jest.fn(),
  getInvoices: jest.fn(),
  getHeldLicenses: jest.fn(),
  getMachines: jest.fn(),
  removeLicenses: jest.fn(),
  cancelSubscription: jest.fn(),
  renewLicenses: jest.fn(),
  getRefundEligibility: jest.fn(),
  requestRefund: jest.fn(),
  getBillingDetails: jest.fn(),
  putBillingDetails: jest.fn(),
}));
const mockedApi = jest.mocked(api);
const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const END = Date.UTC(2024, 5, 5) / 1000;
const renewing: LicenseView = { key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null };
const removed: LicenseView = {
  key: 'CCCCC-DDDDD',
  expirationDate: '2024-06-05T00:00:00.000Z',
  assignee: null,
};

async function show(sub: Subscription, licenses: LicenseView[] = [renewing, removed]) {
  serveLicensesPage(mockedApi, { sub, licenses });
  const view = render(<Licenses user={user} />);
  // The page's spinner stays for a second after its data arrived.
  await screen.findByRole('heading', { name: 'Your Licenses' });
  return view;
}

const offer = (over: Partial<RefundEligibility> = {}): RefundEligibility => ({
  eligible: true,
  amount: 4500,
  currency: 'usd',
  deadline: '2024-06-05T10:00:00.000Z',
  reason: null,
  message: null,
  ...over,
});

beforeEach(() => jest.clearAllMocks());

describe('/licenses: the billing relationship', () => {
  it('shows the next charge from get-subscriptions', async () => {
    await show(
      subscriptionOf({
        renewLicenseCount: 2,
        nextCharge: { amount: 3000, currency: 'usd', date: '2024-06-05T00:00:00.000Z' },
      }),
    );
    expect(screen.getByText(/^Next charge:/)).toHaveTextContent(
      'Next charge: $30.00 on 06/05/2024, for 2 Licenses renewing.',
    );
  });

  it('cancels in one step beside Add Licenses, after a confirmation that says until when', async () => {
    mockedApi.cancelSubscription.mockResolvedValue({
      subscriptionId: 'sub_1',
      endsAt: '2024-06-05T00:00:00.000Z',
      renewLicenseCount: 0,
      cancelAtPeriodEnd: true,
      licenses: [],
    });
    await show(subscriptionOf({ currentPeriodEnd: END }));
    expect(screen.getByRole('button', { name: 'Add Licenses' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(screen.getByText(/They keep working until 06\/05\/2024/)).toBeInTheDocument();
    expect(mockedApi.cancelSubscription).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));
    expect(await screen.findByText(/Your subscription is cancelled/)).toHaveTextContent(
      'Your licenses work until 06/05/2024.',
    );
    expect(mockedApi.cancelSubscription).toHaveBeenCalledWith({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    await waitFor(() => expect(mockedApi.getSubscriptions).toHaveBeenCalledTimes(2));
  });

  it('offers Keep renewing on each removed license while the subscription is in force, also when it ends', async () => {
    mockedApi.renewLicenses.mockResolvedValue({
      subscriptionId: 'sub_1',
      renewLicenseCount: 2,
      cancelAtPeriodEnd: false,
      licenses: [],
    });
    await show(subscriptionOf({ cancelAtPeriodEnd: true, renewLicenseCount: 0 }), [
      { ...renewing, expirationDate: removed.expirationDate },
      removed,
    ]);
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    const row = within(screen.getAllByRole('row')[2] as HTMLElement);
    await userEvent.click(row.getByRole('button', { name: 'Keep Renewing license CCCCC-DDDDD' }));
    await waitFor(() =>
      expect(mockedApi.renewLicenses).toHaveBeenCalledWith({
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        licenseKeys: ['CCCCC-DDDDD'],
      }),
    );
  });

  it('offers no Keep renewing for a renewing license, nor while payment is past due', async () => {
    await show(subscriptionOf({ status: 'past_due' }));
    expect(screen.queryByRole('button', { name: /^Keep Renewing license/ })).not.toBeInTheDocument();
  });

  it('shows the guarantee only while it applies, and refunds after a confirmation', async () => {
    mockedApi.getRefundEligibility.mockResolvedValue(offer());
    mockedApi.requestRefund.mockResolvedValue({
      subscriptionId: 'sub_1',
      amount: 4500,
      currency: 'usd',
      refundedAt: '2024-05-10T00:00:00.000Z',
      licensesEnded: 2,
    });
    serveLicensesPage(mockedApi, {
      sub: subscriptionOf({ created: Date.now() / 1000 - 86400 }),
      licenses: [renewing],
    });
    mockedApi.getRefundEligibility.mockResolvedValue(offer());
    render(<Licenses user={user} />);
    const section = await screen.findByRole('region', { name: 'Satisfaction Guarantee' });
    expect(section).toHaveTextContent('every payment of this subscription back, $45.00, until 06/05/2024');
    await userEvent.click(within(section).getByRole('button', { name: 'Request a Refund' }));
    expect(mockedApi.requestRefund).not.toHaveBeenCalled();
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm Refund' }));
    expect(await screen.findByText(/We refunded \$45\.00 to your card/)).toBeInTheDocument();
    expect(mockedApi.requestRefund).toHaveBeenCalledWith({ customerId: 'cus_1', subscriptionId: 'sub_1' });
  });

  it('keeps the licenses the refund ended gone when an earlier, slower read answers after it', async () => {
    mockedApi.renewLicenses.mockResolvedValue({
      subscriptionId: 'sub_1',
      renewLicenseCount: 2,
      cancelAtPeriodEnd: false,
      licenses: [],
    });
    mockedApi.requestRefund.mockResolvedValue({
      subscriptionId: 'sub_1',
      amount: 3000,
      currency: 'usd',
      refundedAt: '2024-05-10T00:00:00.000Z',
      licensesEnded: 2,
    });
    const sub = subscriptionOf({ created: Date.now() / 1000 - 86400 });
    serveLicensesPage(mockedApi, { sub, licenses: [renewing, removed] });
    mockedApi.getRefundEligibility.mockResolvedValue(offer());
    const before = await api.getLicenses('u1');
    render(<Licenses user={user} />);
    const section = await screen.findByRole('region', { name: 'Satisfaction Guarantee' });

    // Keep renewing: the read after it is slow and still shows both licenses.
    let answerLate: () => void = () => undefined;
    mockedApi.getLicenses.mockImplementationOnce(
      () => new Promise((resolve) => (answerLate = () => resolve(before))),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep Renewing license CCCCC-DDDDD' }));
    await waitFor(() => expect(mockedApi.renewLicenses).toHaveBeenCalled());

    // The refund ends both; the read after it answers first.
    mockedApi.getLicenses.mockResolvedValueOnce({ ...before, licenses: [], ended: [renewing, removed] });
    await userEvent.click(within(section).getByRole('button', { name: 'Request a Refund' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm Refund' }));
    await screen.findByText(/We refunded \$30\.00 to your card/);
    await waitFor(() => expect(screen.queryByText('AAAAA-BBBBB')).not.toBeInTheDocument());

    answerLate();
    await screen.findByText(/We refunded \$30\.00 to your card/);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('AAAAA-BBBBB')).not.toBeInTheDocument();
    expect(screen.queryByText('CCCCC-DDDDD')).not.toBeInTheDocument();
  });

  it('says why a refund is refused, shows the rule instead of an offer, and asks nothing for an older subscription', async () => {
    mockedApi.requestRefund.mockRejectedValue({
      error: {
        code: 'HOUSEHOLD_REFUNDED',
        message: 'The satisfaction guarantee applies once per household per year.',
      },
    });
    serveLicensesPage(mockedApi, {
      sub: subscriptionOf({ created: Date.now() / 1000 - 86400 }),
      licenses: [renewing],
    });
    mockedApi.getRefundEligibility.mockResolvedValue(offer());
    const { unmount } = render(<Licenses user={user} />);
    const section = await screen.findByRole('region', { name: 'Satisfaction Guarantee' });
    await userEvent.click(within(section).getByRole('button', { name: 'Request a Refund' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Confirm Refund' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('once per household per year');
    unmount();

    // Not eligible: the rule that says so, and no offer.
    const refused = await show(subscriptionOf({ created: Date.now() / 1000 - 86400 }));
    const note = await screen.findByRole('region', { name: 'Satisfaction Guarantee' });
    expect(note).toHaveTextContent(
      'The satisfaction guarantee applies within the first month of a subscription.',
    );
    expect(within(note).queryByRole('button')).not.toBeInTheDocument();
    refused.unmount();
    serveLicensesPage(mockedApi, {
      sub: subscriptionOf({ created: Date.now() / 1000 - 86400 }),
      licenses: [renewing],
    });
    mockedApi.getRefundEligibility.mockResolvedValue(
      offer({ eligible: false, reason: 'NO_PAYMENT', message: 'x' }),
    );
    const unpaid = render(<Licenses user={user} />);
    await screen.findByRole('heading', { name: 'Your Licenses' });
    await waitFor(() => expect(mockedApi.getRefundEligibility).toHaveBeenCalledTimes(3));
    expect(screen.queryByRole('region', { name: 'Satisfaction Guarantee' })).not.toBeInTheDocument();
    unpaid.unmount();
    mockedApi.getRefundEligibility.mockClear();
    await show(subscriptionOf());
    expect(mockedApi.getRefundEligibility).not.toHaveBeenCalled();
  });

  it('saves billing details for invoices and shows them', async () => {
    mockedApi.putBillingDetails.mockImplementation(async (body) => ({
      billingDetails: {
        companyName: body.companyName,
        address: {
          line1: body.address.line1,
          line2: null,
          city: body.address.city,
          postalCode: body.address.postalCode,
          state: null,
          country: body.address.country,
        },
        taxId: body.taxId ? { type: body.taxId.type, value: body.taxId.value.toUpperCase() } : null,
        billingEmail: body.billingEmail ?? null,
      },
    }));
    await show(subscriptionOf());
    await userEvent.click(screen.getByRole('button', { name: 'Add Billing Details' }));
    await userEvent.type(screen.getByLabelText('Company name'), 'Acme Research GmbH');
    await userEvent.type(screen.getByLabelText('Address'), 'Hauptstr. 1');
    await userEvent.type(screen.getByLabelText('City'), 'Berlin');
    await userEvent.type(screen.getByLabelText('Postal code'), '10115');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'DE');
    await userEvent.selectOptions(screen.getByLabelText('Tax ID type (optional)'), 'eu_vat');
    expect(screen.getByLabelText('Tax ID')).toHaveAttribute('placeholder', 'For example DE123456789');
    await userEvent.type(screen.getByLabelText('Tax ID'), 'de123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save Billing Details' }));
    await waitFor(() =>
      expect(mockedApi.putBillingDetails).toHaveBeenCalledWith({
        customerId: 'cus_1',
        companyName: 'Acme Research GmbH',
        address: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
        taxId: { type: 'eu_vat', value: 'de123456789' },
      }),
    );
    expect(await screen.findByText('Saved. Your next invoices show these details.')).toBeInTheDocument();
    expect(document.querySelector('.billing-summary')).toHaveTextContent(
      'Acme Research GmbH, Hauptstr. 1, 10115 Berlin, Germany, Tax ID: DE123456789',
    );
  });

  it('shows details stored with a right-to-left override with the override seen as \uFFFD, each part isolated', async () => {
    // Stored before the API refused such text.
    const company = 'Acme\u202Edlo\u202C Ltd';
    serveLicensesPage(mockedApi, { sub: subscriptionOf(), licenses: [renewing, removed] });
    mockedApi.getBillingDetails.mockResolvedValue({
      billingDetails: {
        companyName: company,
        address: {
          line1: 'Hauptstr. 1',
          line2: null,
          city: 'Berlin',
          postalCode: '10115',
          state: null,
          country: 'DE',
        },
        taxId: null,
        billingEmail: null,
      },
    });
    render(<Licenses user={user} />);
    await screen.findByRole('button', { name: 'Edit Billing Details' });
    const summary = document.querySelector('.billing-summary');
    expect(summary?.textContent).toBe('Acme\uFFFDdlo\uFFFD Ltd, Hauptstr. 1, 10115 Berlin, Germany');
    expect(summary?.querySelector('bdi')?.textContent).toBe('Acme\uFFFDdlo\uFFFD Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Billing Details' }));
    expect(screen.getByLabelText('Company name')).toHaveValue('Acme\uFFFDdlo\uFFFD Ltd');
  });
});

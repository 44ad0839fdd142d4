import React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as api from '../../api-client/client';
import type { LicenseView, RefundEligibility, Subscription } from '../../api-client/types';
import { Licenses } from '../licenses/Licenses';
import { serveLicensesPage, subscriptionOf } from './support/licenses-page';

// The licenses page while a subscription is in force: set to end, it offers Keep Renewing and never a
// second purchase; the guarantee's offer follows every change of the subscription it refunds.

jest.mock('../../api-client/client', () => ({
  ...jest.requireActual<object>('../../api-client/client'),
  getLicenses: jest.fn(),
  getSubscriptions: jest.fn(),
  getInvoices: jest.fn(),
  getHeldLicenses: jest.fn(),
  getMachines: jest.fn(),
  setupCheckout: jest.fn(),
  quoteLicenses: jest.fn(),
  addLicenses: jest.fn(),
  resumeSubscription: jest.fn(),
  cancelSubscription: jest.fn(),
  getRefundEligibility: jest.fn(),
  requestRefund: jest.fn(),
  getBillingDetails: jest.fn(),
  putBillingDetails: jest.fn(),
}));
const mockedApi = jest.mocked(api);
const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const renewing: LicenseView = { key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null };
const ending: LicenseView = {
  key: 'CCCCC-DDDDD',
  expirationDate: '2024-06-05T00:00:00.000Z',
  assignee: null,
};
/** A day old: inside the guarantee's first month. */
const CREATED = Math.floor(Date.now() / 1000) - 86400;
const setToEnd = () => subscriptionOf({ cancelAtPeriodEnd: true, renewLicenseCount: 0, created: CREATED });

const offer = (amount: number): RefundEligibility => ({
  eligible: true,
  amount,
  currency: 'usd',
  deadline: '2024-06-05T10:00:00.000Z',
  reason: null,
  message: null,
});

async function show(sub: Subscription | null, licenses: LicenseView[]) {
  serveLicensesPage(mockedApi, { sub, licenses });
  render(<Licenses user={user} />);
  await screen.findByRole('heading', { name: 'Your Licenses' });
}

beforeEach(() => jest.clearAllMocks());

describe('/licenses while a subscription is in force', () => {
  it('set to end: offers Keep Renewing and the refund, never Buy Licenses', async () => {
    serveLicensesPage(mockedApi, { sub: setToEnd(), licenses: [ending] });
    mockedApi.getRefundEligibility.mockResolvedValue(offer(1500));
    render(<Licenses user={user} />);
    const guarantee = await screen.findByRole('region', { name: 'Satisfaction Guarantee' });
    expect(guarantee).toHaveTextContent('$15.00');
    expect(screen.getByRole('button', { name: 'Keep Renewing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update Card' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Buy Licenses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Licenses' })).not.toBeInTheDocument();
  });

  it('a purchase the BFF refuses (another tab bought meanwhile) says so and shows the subscription in force', async () => {
    await show(null, []);
    mockedApi.setupCheckout.mockRejectedValue({
      error: {
        code: 'SUBSCRIPTION_EXISTS',
        message:
          'You already have a subscription, set to end at the end of its period. Choose Keep Renewing to keep it and add licenses to it, or buy again once it has ended.',
      },
    });
    serveLicensesPage(mockedApi, { sub: setToEnd(), licenses: [ending] });
    await userEvent.click(screen.getByRole('button', { name: 'Buy Licenses' }));
    expect(await screen.findByText(/You already have a subscription, set to end/)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Keep Renewing' });
    expect(screen.queryByRole('button', { name: 'Buy Licenses' })).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('after Add Licenses the guarantee offers what was paid in all, without a reload of the page', async () => {
    mockedApi.getRefundEligibility.mockResolvedValue(offer(1500));
    serveLicensesPage(mockedApi, {
      sub: subscriptionOf({ created: CREATED, activeLicenseCount: 1 }),
      licenses: [renewing],
    });
    mockedApi.getRefundEligibility.mockResolvedValue(offer(1500));
    render(<Licenses user={user} />);
    const section = await screen.findByRole('region', { name: 'Satisfaction Guarantee' });
    expect(section).toHaveTextContent('$15.00');

    mockedApi.quoteLicenses.mockResolvedValue({
      count: 2,
      quantity: 3,
      amountDue: 2000,
      currency: 'usd',
      unitAmount: 1500,
      periodEnd: Date.UTC(2024, 5, 5) / 1000,
      prorationDate: Date.UTC(2024, 4, 15) / 1000,
      expiresAt: Date.UTC(2024, 4, 15) / 1000 + 300,
    });
    mockedApi.addLicenses.mockResolvedValue({ subscriptionId: 'sub_1', quantity: 3, added: 2, licenses: [] });
    const count = screen.getByLabelText('Number of licenses');
    await userEvent.clear(count);
    await userEvent.type(count, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add Licenses' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled());
    // What the BFF answers once the added licenses are paid: the subscription and the refund grew.
    serveLicensesPage(mockedApi, {
      sub: subscriptionOf({
        created: CREATED,
        activeLicenseCount: 3,
        renewLicenseCount: 3,
      }),
      licenses: [renewing, { ...renewing, key: 'EEEEE-FFFFF' }, { ...renewing, key: 'GGGGG-HHHHH' }],
    });
    mockedApi.getRefundEligibility.mockResolvedValue(offer(3500));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and Pay' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Satisfaction Guarantee' })).getByText(/\$35\.00/),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByText(/\$15\.00, until/)).not.toBeInTheDocument();
  });
});

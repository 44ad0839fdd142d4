import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as api from '../../api-client/client';
import type { LicenseView, Subscription } from '../../api-client/types';
import { Licenses } from '../licenses/Licenses';
import { subscriptionActions } from '../licenses/subscription-actions';
import { serveLicensesPage, subscriptionOf } from './support/licenses-page';

jest.mock('../../api-client/client', () => ({
  getLicenses: jest.fn(),
  getSubscriptions: jest.fn(),
  setupCheckout: jest.fn(),
  quoteLicenses: jest.fn(),
  addLicenses: jest.fn(),
  removeLicenses: jest.fn(),
  resumeSubscription: jest.fn(),
  cancelSubscription: jest.fn(),
  renewLicenses: jest.fn(),
  getRefundEligibility: jest.fn(),
  requestRefund: jest.fn(),
  getBillingDetails: jest.fn(),
  putBillingDetails: jest.fn(),
  cancelCheckout: jest.fn(),
  getInvoices: jest.fn(),
  getHeldLicenses: jest.fn(),
  getMachines: jest.fn(),
  signOutMachine: jest.fn(),
  assignLicense: jest.fn(),
  takeBackLicense: jest.fn(),
  // The real check: the page reads error codes with it.
  isApiError: jest.requireActual<{ isApiError: (value: unknown) => boolean }>('../../api-client/client')
    .isApiError,
}));
const mockedApi = jest.mocked(api);
const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };

const subscription = subscriptionOf;

function serve(
  sub: Subscription | null,
  licenses: LicenseView[] = [
    { key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null },
    { key: 'CCCCC-DDDDD', expirationDate: '2024-06-05T00:00:00.000Z', assignee: null },
  ],
) {
  serveLicensesPage(mockedApi, { sub, licenses });
}

async function show() {
  jest.useFakeTimers();
  render(<Licenses user={user} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your licenses…');
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
  // The spinner stays for 1000 ms after the data arrived.
  await act(async () => {
    jest.advanceTimersByTime(999);
  });
  expect(screen.getByText('Loading your licenses…')).toBeInTheDocument();
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
  jest.useRealTimers();
}

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

describe('/licenses', () => {
  it('shows the subscription, the license table and Remove only for renewing licenses', async () => {
    serve(subscription());
    await show();
    expect(screen.getByText('VISA ending in 4242')).toBeInTheDocument();
    expect(screen.getByText('05/05/2024 to 06/05/2024')).toBeInTheDocument();
    expect(screen.getByText('01/05/2024')).toBeInTheDocument();
    const [first, second] = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    if (!first || !second) throw new Error('two license rows expected');
    expect(first.getByText('None - renews monthly')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(second.getByText('06/05/2024')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Copy license key AAAAA-BBBBB' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Licenses' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update Card' })).toHaveAttribute(
      'href',
      '/update-card?sid=sub_1',
    );
  });

  it('removes a license only after the confirmation', async () => {
    serve(subscription());
    mockedApi.removeLicenses.mockResolvedValue({
      subscriptionId: 'sub_1',
      renewLicenseCount: 0,
      cancelAtPeriodEnd: true,
      licenses: [],
    });
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(mockedApi.removeLicenses).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Remove' }));
    await waitFor(() =>
      expect(mockedApi.removeLicenses).toHaveBeenCalledWith({
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        licenseKeys: ['AAAAA-BBBBB'],
      }),
    );
  });

  it('shows the quote before adding, and logs clicked_add_license', async () => {
    serve(subscription());
    mockedApi.quoteLicenses.mockResolvedValue({
      count: 2,
      quantity: 3,
      amountDue: 1850,
      prorationDate: 1_717_000_000,
      expiresAt: 1_717_000_300,
      currency: 'usd',
      unitAmount: 1500,
      periodEnd: Date.UTC(2024, 5, 5) / 1000,
    });
    mockedApi.addLicenses.mockResolvedValue({ subscriptionId: 'sub_1', quantity: 3, added: 1, licenses: [] });
    await show();
    const count = screen.getByLabelText('Number of licenses');
    await userEvent.clear(count);
    expect(screen.getByRole('button', { name: 'Add Licenses' })).toBeDisabled(); // 0
    await userEvent.type(count, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add Licenses' }));
    expect(await screen.findByText(/Adding 2 Licenses charges your card \$18\.50 now/)).toBeInTheDocument();
    expect(mockedApi.quoteLicenses).toHaveBeenCalledWith({ count: 2, subscriptionId: 'sub_1' });
    expect(mockedApi.addLicenses).not.toHaveBeenCalled();
    // Held for the 500 ms after the click that asked for the quote: a double click never pays.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and Pay' }));
    await waitFor(() =>
      expect(mockedApi.addLicenses).toHaveBeenCalledWith({
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        count: 2,
        prorationDate: 1_717_000_000,
      }),
    );
  });

  it('shows a card decline when adding', async () => {
    serve(subscription());
    mockedApi.quoteLicenses.mockResolvedValue({
      count: 1,
      quantity: 2,
      amountDue: 900,
      prorationDate: 1_717_000_000,
      expiresAt: 1_717_000_300,
      currency: 'usd',
      unitAmount: 1500,
      periodEnd: null,
    });
    mockedApi.addLicenses.mockRejectedValue({
      error: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
    });
    await show();
    await userEvent.click(screen.getByRole('button', { name: 'Add Licenses' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm and Pay' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it('offers Buy Licenses without a subscription and starts a checkout', async () => {
    serve(null);
    mockedApi.setupCheckout.mockResolvedValue({
      sec: 'pi_1_secret_x',
      subscriptionId: 'sub_2',
      customerId: 'cus_1',
      count: 3,
      status: 'incomplete',
    });
    await show();
    expect(screen.getByText('You have no licenses yet.')).toBeInTheDocument();
    const count = screen.getByLabelText('Number of licenses');
    await userEvent.clear(count);
    expect(screen.getByRole('button', { name: 'Buy Licenses' })).toBeDisabled();
    await userEvent.type(count, '9');
    expect(count).toHaveValue(5); // at most 5
    await userEvent.clear(count);
    await userEvent.type(count, '3');
    expect(screen.getByText('3 Licenses: $45.00 per month.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Licenses' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout?sec=pi_1_secret_x&count=3'));
    expect(mockedApi.setupCheckout).toHaveBeenCalledWith({ uid: 'u1', email: 'me@example.com', count: 3 });
  });

  it('shows an incomplete subscription as one notice of what was started, with no status or period', async () => {
    serve(subscription({ status: 'incomplete', clientSecret: 'pi_9_secret_y', renewLicenseCount: 2 }), []);
    await show();
    const notice = screen.getByText(/^You started buying/).closest('.message') as HTMLElement;
    expect(notice).toHaveTextContent(
      'You started buying 2 licenses on 01/05/2024. Nothing has been charged: continue the checkout to pay for them, or cancel it.',
    );
    expect(within(notice).getByRole('link', { name: 'Continue Checkout' })).toHaveAttribute(
      'href',
      '/checkout?sec=pi_9_secret_y&count=2',
    );
    expect(within(notice).getByRole('button', { name: 'Cancel Checkout' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Continue Checkout' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByText('Awaiting payment')).not.toBeInTheDocument();
    expect(screen.queryByText('Current period')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Licenses' })).not.toBeInTheDocument();
  });

  it('cancels an incomplete checkout, and then offers Buy Licenses saying nothing was charged', async () => {
    serve(subscription({ status: 'incomplete', clientSecret: 'pi_9_secret_y', renewLicenseCount: 2 }), []);
    await show();
    mockedApi.cancelCheckout.mockResolvedValue({ subscriptionId: 'sub_1', status: 'canceled' });
    serve(subscription({ status: 'canceled', renewLicenseCount: 0, cardBrand: null, cardLast4: null }), []);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Checkout' }));
    expect(mockedApi.cancelCheckout).toHaveBeenCalledWith({ customerId: 'cus_1', subscriptionId: 'sub_1' });
    expect(
      await screen.findByText(
        'Your checkout was cancelled before it was paid, so nothing was charged. Buy licenses below to start again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue Checkout' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Licenses' })).toBeInTheDocument();
  });

  it('shows the past-due banner that leads to Update Card', async () => {
    serve(subscription({ status: 'past_due' }));
    await show();
    const banner = screen.getByRole('alert');
    expect(within(banner).getByRole('link', { name: 'Update your card' })).toHaveAttribute(
      'href',
      '/update-card?sid=sub_1',
    );
    expect(screen.queryByRole('button', { name: 'Add Licenses' })).not.toBeInTheDocument();
  });
});

describe('/licenses for each Stripe status', () => {
  const dated: LicenseView[] = [
    { key: 'AAAAA-BBBBB', expirationDate: '2024-06-05T00:00:00.000Z', assignee: null },
  ];

  const keepRenewingCharge = { amount: 3000, currency: 'usd', date: '2024-06-05T00:00:00.000Z' };

  it('active, set to end at period end: says when it ends and can keep renewing, after saying what it charges', async () => {
    serve(subscription({ cancelAtPeriodEnd: true, renewLicenseCount: 0, keepRenewingCharge }), dated);
    await show();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your subscription ends on 06/05/2024. Your licenses work until then, and nothing more is charged.',
    );
    expect(screen.getByText('Active, ends 06/05/2024')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Licenses' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Update Card' })).toBeInTheDocument();

    mockedApi.resumeSubscription.mockResolvedValue({
      subscriptionId: 'sub_1',
      renewLicenseCount: 1,
      cancelAtPeriodEnd: false,
      licenses: [{ key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null }],
    });
    serve(subscription({ renewLicenseCount: 1 }), [
      { key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null },
    ]);
    // First the confirmation, with the amount and the day; Cancel changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Keep Renewing' }));
    const confirm = screen.getByRole('group', { name: 'Keep renewing' });
    expect(confirm).toHaveTextContent(
      'Keep your subscription renewing? $30.00 will be charged on 06/05/2024, and every month after that until you cancel. Nothing is charged now.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Keep renewing' })).not.toBeInTheDocument();
    expect(mockedApi.resumeSubscription).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep Renewing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Keep Renewing' }));
    expect(mockedApi.resumeSubscription).toHaveBeenCalledWith({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
    });
    await screen.findByRole('button', { name: 'Add Licenses' });
    expect(screen.queryByText(/Your subscription ends/)).not.toBeInTheDocument();
    expect(screen.getByText('None - renews monthly')).toBeInTheDocument();
  });

  it('says why when Stripe no longer lets it renew', async () => {
    serve(subscription({ cancelAtPeriodEnd: true, renewLicenseCount: 0, keepRenewingCharge }), dated);
    await show();
    mockedApi.resumeSubscription.mockRejectedValue({
      error: {
        code: 'SUBSCRIPTION_NOT_ACTIVE',
        message: 'This subscription can no longer renew. Buy licenses to start a new subscription.',
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Keep Renewing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Keep Renewing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This subscription can no longer renew. Buy licenses to start a new subscription.',
    );
  });

  it('canceled: says it ended and offers Buy Licenses, without the old subscription', async () => {
    serve(subscription({ status: 'canceled', renewLicenseCount: 0 }), []);
    await show();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your subscription has ended. Buy licenses below to start a new one.',
    );
    expect(screen.getByRole('button', { name: 'Buy Licenses' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Update Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep Renewing' })).not.toBeInTheDocument();
  });

  it('incomplete_expired: says the checkout closed uncharged and offers Buy Licenses', async () => {
    serve(subscription({ status: 'incomplete_expired', renewLicenseCount: 0 }), []);
    await show();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your last checkout was not paid in time, so it was closed and nothing was charged. Buy licenses below to start again.',
    );
    expect(screen.getByRole('button', { name: 'Buy Licenses' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue Checkout' })).not.toBeInTheDocument();
  });

  it('unpaid: says the licenses are suspended and leads to Update Card', async () => {
    serve(subscription({ status: 'unpaid' }));
    await show();
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(
      'Your payments did not go through, so your licenses are suspended. Update your card to pay the open invoice and turn them back on.',
    );
    expect(within(banner).getByRole('link', { name: 'Update your card' })).toHaveAttribute(
      'href',
      '/update-card?sid=sub_1',
    );
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Licenses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Licenses' })).not.toBeInTheDocument();
  });

  it('paused: says the licenses do not work and leads to Update Card', async () => {
    serve(subscription({ status: 'paused' }));
    await show();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your subscription is paused, so your licenses do not work. Update your card to continue.',
    );
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Licenses' })).not.toBeInTheDocument();
  });

  it('trialing: manages like active', async () => {
    serve(subscription({ status: 'trialing' }));
    await show();
    expect(screen.getByText('Trial')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Licenses' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('subscriptionActions', () => {
  it.each([
    [null, { buy: true, continueCheckout: false, add: false, updateCard: false }],
    [
      subscription({ status: 'incomplete' }),
      {
        buy: false,
        continueCheckout: true,
        add: false,
        updateCard: false,
        notice: 'checkoutStarted',
        live: false,
      },
    ],
    [subscription(), { buy: false, continueCheckout: false, add: true, updateCard: true }],
    [
      subscription({ status: 'past_due' }),
      { buy: false, continueCheckout: false, add: false, updateCard: true },
    ],
    [
      subscription({ status: 'canceled' }),
      { buy: true, continueCheckout: false, add: false, updateCard: false },
    ],
    [
      subscription({ status: 'incomplete_expired' }),
      { buy: true, continueCheckout: false, add: false, updateCard: false, notice: 'expired' },
    ],
    [
      subscription({ status: 'unpaid' }),
      { buy: false, continueCheckout: false, add: false, updateCard: true, notice: 'unpaid' },
    ],
    [
      subscription({ cancelAtPeriodEnd: true }),
      { buy: false, add: false, updateCard: true, keepRenewing: true, notice: 'ending' },
    ],
    [
      subscription({ status: 'past_due', cancelAtPeriodEnd: true }),
      { add: false, updateCard: true, keepRenewing: false, notice: 'pastDue' },
    ],
  ])('%#', (sub, expected) => {
    expect(subscriptionActions(sub)).toMatchObject(expected);
  });
});

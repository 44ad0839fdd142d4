import React, { type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as api from '../../api-client/client';
import type { ApiErrorBody, CheckoutInfo } from '../../api-client/types';
import { Checkout } from '../checkout/Checkout';

const mockStripe = { confirmCardPayment: jest.fn() };
const mockCardElement = { elementType: 'card' };
const mockStripeLoaded = jest.fn();

jest.mock('@stripe/react-stripe-js', () => ({
  useStripe: () => mockStripe,
  useElements: () => ({ getElement: () => mockCardElement }),
  CardElement: () => null,
}));
jest.mock('../../payments/StripeProvider', () => ({
  StripeProvider: ({ children }: { children: ReactNode }) => {
    mockStripeLoaded();
    return <>{children}</>;
  },
}));
jest.mock('../../api-client/client', () => ({
  ...jest.requireActual<object>('../../api-client/client'),
  checkoutInfo: jest.fn(),
  completeCheckout: jest.fn(),
  acceptTerms: jest.fn(),
}));
const mockedApi = jest.mocked(api);

const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const SEC = 'pi_3Mine123_secret_abcDEF456';
const apiError = (code: string, message = 'x'): ApiErrorBody => ({ error: { code, message } });
const info = (over: Partial<CheckoutInfo> = {}): CheckoutInfo => ({
  subscriptionId: 'sub_1',
  count: 2,
  amountDue: 3000,
  currency: 'usd',
  status: 'incomplete',
  ...over,
});

function open(search: string) {
  window.history.replaceState(null, '', `/checkout${search}`);
  return render(<Checkout user={user} />);
}

/** The incomplete-link message, no total and no card form (Stripe.js not even loaded). */
async function expectIncompleteLink() {
  expect(await screen.findByRole('alert')).toHaveTextContent('This checkout link is incomplete.');
  expect(screen.getByRole('link', { name: 'Start again from your licenses' })).toHaveAttribute(
    'href',
    '/licenses',
  );
  expect(screen.queryByText(/per month/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Name on Card')).not.toBeInTheDocument();
  expect(mockStripeLoaded).not.toHaveBeenCalled();
}

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
});

describe('Checkout', () => {
  it("shows the server's licenses and amount, not the link's count, and pays with the checked secret", async () => {
    mockedApi.checkoutInfo.mockResolvedValue(info({ count: 5, amountDue: 7500 }));
    mockStripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { status: 'succeeded', payment_method: 'pm_1' },
    });
    mockedApi.completeCheckout.mockResolvedValue({
      subscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      licenses: [],
    });
    open(`?sec=${SEC}&count=1`);
    expect(await screen.findByText('$75.00 per month')).toBeInTheDocument();
    expect(screen.getByText('5 Licenses × $15.00')).toBeInTheDocument();
    expect(screen.queryByText(/1 License\b/)).not.toBeInTheDocument();
    expect(mockedApi.checkoutInfo).toHaveBeenCalledWith(SEC);

    await userEvent.type(screen.getByLabelText('Name on Card'), 'Pat Buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses?note=paid'));
    // The card element and the name typed are what Stripe is asked to pay with.
    expect(mockStripe.confirmCardPayment).toHaveBeenCalledWith(SEC, {
      payment_method: { card: mockCardElement, billing_details: { name: 'Pat Buyer' } },
    });
  });

  it('takes the secret out of the address bar at once, and still works after a reload', async () => {
    mockedApi.checkoutInfo.mockResolvedValue(info({ count: 2, amountDue: 3000 }));
    const first = open(`?sec=${SEC}&count=2`);
    expect(window.location.search).toBe('?count=2');
    expect(await screen.findByText('$30.00 per month')).toBeInTheDocument();
    first.unmount();

    // A reload: same address (without the secret), same tab.
    render(<Checkout user={user} />);
    expect(await screen.findByText('$30.00 per month')).toBeInTheDocument();
    expect(mockedApi.checkoutInfo).toHaveBeenCalledTimes(2);
    expect(mockedApi.checkoutInfo).toHaveBeenLastCalledWith(SEC);
    expect(window.location.href).not.toContain(SEC);
  });

  it('forgets the secret once paid', async () => {
    mockedApi.checkoutInfo.mockResolvedValue(info());
    mockStripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { status: 'succeeded', payment_method: 'pm_1' },
    });
    mockedApi.completeCheckout.mockResolvedValue({
      subscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      licenses: [],
    });
    const page = open(`?sec=${SEC}&count=2`);
    await userEvent.type(await screen.findByLabelText('Name on Card'), 'Pat Buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses?note=paid'));
    page.unmount();
    mockedApi.checkoutInfo.mockClear();
    mockStripeLoaded.mockClear();

    render(<Checkout user={user} />);
    await expectIncompleteLink();
    expect(mockedApi.checkoutInfo).not.toHaveBeenCalled();
  });

  it('a count of 1 reads "1 License"', async () => {
    mockedApi.checkoutInfo.mockResolvedValue(info({ count: 1, amountDue: 1500 }));
    open(`?sec=${SEC}&count=1`);
    expect(await screen.findByText('$15.00 per month')).toBeInTheDocument();
    expect(screen.getByText('1 License × $15.00')).toBeInTheDocument();
  });

  it('shows no card form until the BFF has confirmed the link', async () => {
    mockedApi.checkoutInfo.mockReturnValue(new Promise(() => undefined));
    open(`?sec=${SEC}&count=2`);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByText(/per month/)).not.toBeInTheDocument();
    expect(mockStripeLoaded).not.toHaveBeenCalled();
  });

  it("refuses another account's secret (403): incomplete-link message, no card form", async () => {
    mockedApi.checkoutInfo.mockRejectedValue(apiError('FORBIDDEN'));
    open(`?sec=${SEC}&count=1`);
    await expectIncompleteLink();
    expect(mockedApi.checkoutInfo).toHaveBeenCalledWith(SEC);
  });

  it.each(['active', 'canceled', 'incomplete_expired', 'past_due'])(
    'refuses a subscription that is %s',
    async (status) => {
      mockedApi.checkoutInfo.mockResolvedValue(info({ status }));
      open(`?sec=${SEC}&count=2`);
      await expectIncompleteLink();
    },
  );

  it('refuses an answer without an amount', async () => {
    mockedApi.checkoutInfo.mockResolvedValue(info({ amountDue: null }));
    open(`?sec=${SEC}&count=2`);
    await expectIncompleteLink();
  });

  it('refuses a secret the BFF calls malformed (400)', async () => {
    mockedApi.checkoutInfo.mockRejectedValue(apiError('INVALID_REQUEST'));
    open(`?sec=${SEC}&count=2`);
    await expectIncompleteLink();
  });

  it.each([
    ['no secret', '?count=2'],
    ['an empty secret', '?sec=&count=2'],
    ['a malformed secret', '?sec=seti_1_secret_x%27%3E&count=2'],
    ['a secret with junk', `?sec=${SEC}%20x&count=2`],
  ])('refuses %s without asking the BFF', async (_name, search) => {
    open(search);
    await expectIncompleteLink();
    expect(mockedApi.checkoutInfo).not.toHaveBeenCalled();
  });

  it('says what went wrong when the check itself fails (no card form)', async () => {
    mockedApi.checkoutInfo.mockRejectedValue(
      apiError('INTERNAL', 'Something unexpected happened. Please try again.'),
    );
    open(`?sec=${SEC}&count=2`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something unexpected happened. Please try again.',
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});

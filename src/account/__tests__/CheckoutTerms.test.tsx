import React, { type ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as api from '../../api-client/client';
import type * as config from '../../config';
import type { ApiErrorBody } from '../../api-client/types';
import { TERMS_VERSION } from '../../lib/terms-version';
import { Checkout } from '../checkout/Checkout';

// The checkout's order summary (the recurring charge from the price setting), the terms under Pay and
// read with it, and the record of the version accepted, made before the card is charged.

const mockStripe = { confirmCardPayment: jest.fn() };

jest.mock('@stripe/react-stripe-js', () => ({
  useStripe: () => mockStripe,
  useElements: () => ({ getElement: () => ({ elementType: 'card' }) }),
  CardElement: () => null,
}));
jest.mock('../../payments/StripeProvider', () => ({
  StripeProvider: ({ children }: { children: ReactNode }) => <>{children}</>,
}));
jest.mock('../../config', () => {
  const actual = jest.requireActual<typeof config>('../../config');
  return { ...actual, siteConfig: { ...actual.siteConfig, licensePriceUsd: 17 } };
});
jest.mock('../../api-client/client', () => ({
  ...jest.requireActual<object>('../../api-client/client'),
  checkoutInfo: jest.fn(),
  completeCheckout: jest.fn(),
  acceptTerms: jest.fn(),
}));
const mockedApi = jest.mocked(api);
const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const SEC = 'pi_3Mine123_secret_abcDEF456';

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  mockedApi.checkoutInfo.mockResolvedValue({
    subscriptionId: 'sub_9',
    count: 3,
    amountDue: 5100,
    currency: 'usd',
    status: 'incomplete',
  });
});

async function openAndPay() {
  window.history.replaceState(null, '', `/checkout?sec=${SEC}&count=3`);
  render(<Checkout user={user} />);
  await screen.findByRole('heading', { name: 'Order summary' });
  await userEvent.type(screen.getByLabelText('Name on Card'), 'Pat Buyer');
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
}

describe('Checkout: order summary and terms', () => {
  it('states the recurring charge from the price setting, and the terms with their version', async () => {
    window.history.replaceState(null, '', `/checkout?sec=${SEC}&count=3`);
    render(<Checkout user={user} />);
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(summary).toHaveTextContent('3 Licenses × $17.00$51.00 per month');
    expect(within(summary).getByText('Due today').nextElementSibling).toHaveTextContent(/^\$51\.00$/);
    expect(summary).toHaveTextContent(
      'Then $51.00 every month until you cancel; cancel any time on the Licenses page.',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByText(/By selecting Pay, you agree to the/)).toHaveTextContent(
      /\(version of \w+ \d+, \d{4}\)/,
    );
  });

  it('reads the terms with the Pay button, in the payment card', async () => {
    window.history.replaceState(null, '', `/checkout?sec=${SEC}&count=3`);
    render(<Checkout user={user} />);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    const pay = within(payment).getByRole('button', { name: 'Pay' });
    expect(pay).toHaveAccessibleDescription(
      /^By selecting Pay, you agree to the Terms of Service \(version of/,
    );
    expect(within(payment).getByText(/By selecting Pay/)).toBeInTheDocument();
  });

  it('records the version accepted before the card is charged', async () => {
    const order: string[] = [];
    mockedApi.acceptTerms.mockImplementation(async (body) => {
      order.push('terms');
      return {
        subscriptionId: body.subscriptionId,
        version: body.version,
        acceptedAt: '2026-11-25T00:00:00Z',
      };
    });
    mockStripe.confirmCardPayment.mockImplementation(async () => {
      order.push('charge');
      return { paymentIntent: { status: 'succeeded', payment_method: 'pm_1' } };
    });
    mockedApi.completeCheckout.mockResolvedValue({
      subscriptionId: 'sub_9',
      subscriptionStatus: 'active',
      licenses: [],
    });
    await openAndPay();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses?note=paid'));
    expect(mockedApi.acceptTerms).toHaveBeenCalledWith({ subscriptionId: 'sub_9', version: TERMS_VERSION });
    expect(order).toEqual(['terms', 'charge']);
  });

  it('charges nothing when the terms changed since the page loaded, and says so', async () => {
    const changed: ApiErrorBody = {
      error: {
        code: 'TERMS_CHANGED',
        message:
          'Our Terms of Service changed since this page was loaded. Reload the page to read them before you pay.',
      },
    };
    mockedApi.acceptTerms.mockRejectedValue(changed);
    await openAndPay();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Our Terms of Service changed since this page was loaded.',
    );
    expect(mockStripe.confirmCardPayment).not.toHaveBeenCalled();
  });
});

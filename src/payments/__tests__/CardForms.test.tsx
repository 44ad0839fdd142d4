import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigate } from 'gatsby';
import * as api from '../../api-client/client';
import { CheckoutForm } from '../CheckoutForm';
import { UpdateCardForm } from '../UpdateCardForm';

const mockStripe = { confirmCardPayment: jest.fn(), createPaymentMethod: jest.fn() };
const mockCardElement = { elementType: 'card' };
const mockCardOptions = jest.fn();

jest.mock('@stripe/react-stripe-js', () => ({
  useStripe: () => mockStripe,
  useElements: () => ({ getElement: () => mockCardElement }),
  CardElement: (props: { options: unknown }) => {
    mockCardOptions(props.options);
    return null;
  },
}));
jest.mock('../../api-client/client', () => ({ completeCheckout: jest.fn(), updateCard: jest.fn() }));
const mockedApi = jest.mocked(api);

beforeEach(() => jest.clearAllMocks());

describe('CheckoutForm', () => {
  async function pay() {
    render(<CheckoutForm uid="u1" clientSecret="pi_1_secret_x" />);
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button).toBeDisabled(); // name required
    await userEvent.type(screen.getByLabelText('Name on Card'), 'Pat Buyer');
    expect(button).toBeEnabled();
    await userEvent.click(button);
  }

  it('hides the postal code in the card field', () => {
    render(<CheckoutForm uid="u1" clientSecret="pi_1_secret_x" />);
    expect(mockCardOptions).toHaveBeenCalledWith(expect.objectContaining({ hidePostalCode: true }));
  });

  it('confirms with the billing name, completes the checkout and goes to /licenses', async () => {
    mockStripe.confirmCardPayment.mockResolvedValue({
      paymentIntent: { status: 'succeeded', payment_method: 'pm_1' },
    });
    mockedApi.completeCheckout.mockResolvedValue({
      subscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      licenses: [],
    });
    await pay();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses?note=paid'));
    expect(mockStripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', {
      payment_method: { card: mockCardElement, billing_details: { name: 'Pat Buyer' } },
    });
    expect(mockedApi.completeCheckout).toHaveBeenCalledWith({ uid: 'u1', pmid: 'pm_1' });
  });

  it.each([
    [
      { paymentIntent: { status: 'requires_payment_method' } },
      'Payment failed. Please try another payment method.',
    ],
    [
      { paymentIntent: { status: 'processing' } },
      'Something went wrong. Please email support@stockbench.app.',
    ],
    [{ error: { type: 'card_error', message: 'Your card was declined.' } }, 'Your card was declined.'],
  ])('shows the message for %j', async (result, message) => {
    mockStripe.confirmCardPayment.mockResolvedValue(result);
    await pay();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(mockedApi.completeCheckout).not.toHaveBeenCalled();
  });

  it('never pays twice on a double click', async () => {
    mockStripe.confirmCardPayment.mockImplementation(() => new Promise(() => undefined));
    render(<CheckoutForm uid="u1" clientSecret="pi_1_secret_x" />);
    await userEvent.type(screen.getByLabelText('Name on Card'), 'Pat');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Pay' }));
    expect(mockStripe.confirmCardPayment).toHaveBeenCalledTimes(1);
  });
});

describe('UpdateCardForm', () => {
  async function update() {
    render(<UpdateCardForm subscriptionId="sub_1" />);
    const button = screen.getByRole('button', { name: 'Update Card' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Name on Card'), 'Pat Buyer');
    await userEvent.click(button);
  }

  it('creates a payment method, updates the subscription and goes back to /licenses', async () => {
    mockStripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_2' } });
    mockedApi.updateCard.mockResolvedValue({
      subscriptionId: 'sub_1',
      status: 'active',
      cardBrand: 'visa',
      cardLast4: '4242',
      paidInvoices: 0,
    });
    await update();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/licenses?note=cardUpdated'));
    expect(mockStripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: mockCardElement,
      billing_details: { name: 'Pat Buyer' },
    });
    expect(mockedApi.updateCard).toHaveBeenCalledWith({ subscriptionId: 'sub_1', paymentMethodId: 'pm_2' });
  });

  it("shows the provider's error", async () => {
    mockStripe.createPaymentMethod.mockResolvedValue({
      error: { message: 'Your card number is incomplete.' },
    });
    await update();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
  });

  it("shows a decline answered by the BFF (402 with Stripe's message)", async () => {
    mockStripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_2' } });
    mockedApi.updateCard.mockRejectedValue({
      error: { code: 'CARD_DECLINED', message: 'Your card was declined.' },
    });
    await update();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(navigate).not.toHaveBeenCalled();
  });
});

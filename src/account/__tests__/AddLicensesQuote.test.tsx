import React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as api from '../../api-client/client';
import type { LicenseQuote } from '../../api-client/types';
import { AddLicenses } from '../licenses/AddLicenses';

// The quote is the charge: Confirm and Pay sends the quote's proration date, and a quote the BFF no
// longer charges (409 QUOTE_EXPIRED) is replaced by a fresh one, shown, and charged only on another
// click.

jest.mock('../../api-client/client', () => ({
  quoteLicenses: jest.fn(),
  addLicenses: jest.fn(),
  // The real check: the page reads error codes with it.
  isApiError: jest.requireActual<{ isApiError: (value: unknown) => boolean }>('../../api-client/client')
    .isApiError,
}));
const mockedApi = jest.mocked(api);

const quoteOf = (amountDue: number, prorationDate: number): LicenseQuote => ({
  count: 1,
  quantity: 2,
  amountDue,
  prorationDate,
  expiresAt: prorationDate + 300,
  currency: 'usd',
  unitAmount: 1500,
  periodEnd: null,
});

const expired = { error: { code: 'QUOTE_EXPIRED', message: 'This quote has expired.' } };

async function confirmWhenEnabled() {
  const confirm = await screen.findByRole('button', { name: 'Confirm and Pay' });
  await waitFor(() => expect(confirm).toBeEnabled());
  await userEvent.click(confirm);
}

beforeEach(() => jest.resetAllMocks());

it('sends the shown quote; when it has expired, shows a fresh quote and charges only on another click', async () => {
  const onAdded = jest.fn();
  mockedApi.quoteLicenses
    .mockResolvedValueOnce(quoteOf(1000, 1_717_000_000))
    .mockResolvedValueOnce(quoteOf(940, 1_717_050_000));
  mockedApi.addLicenses.mockRejectedValueOnce(expired).mockResolvedValueOnce({
    subscriptionId: 'sub_1',
    quantity: 2,
    added: 1,
    licenses: [],
  });
  render(<AddLicenses customerId="cus_1" subscriptionId="sub_1" onAdded={onAdded} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add Licenses' }));
  expect(await screen.findByText(/charges your card \$10\.00 now/)).toBeInTheDocument();

  await confirmWhenEnabled();
  expect(mockedApi.addLicenses).toHaveBeenLastCalledWith({
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    count: 1,
    prorationDate: 1_717_000_000,
  });
  // The fresh quote replaces the old one, with a word on why; nothing more is sent until confirmed.
  expect(await screen.findByText(/charges your card \$9\.40 now/)).toBeInTheDocument();
  expect(screen.queryByText(/\$10\.00/)).not.toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'The price changed since it was shown: here is the price now. Confirm again to pay it.',
  );
  expect(mockedApi.quoteLicenses).toHaveBeenCalledTimes(2);
  expect(mockedApi.addLicenses).toHaveBeenCalledTimes(1);
  expect(onAdded).not.toHaveBeenCalled();

  await confirmWhenEnabled();
  await waitFor(() => expect(onAdded).toHaveBeenCalled());
  expect(mockedApi.addLicenses).toHaveBeenLastCalledWith({
    customerId: 'cus_1',
    subscriptionId: 'sub_1',
    count: 1,
    prorationDate: 1_717_050_000,
  });
});

it('shows the error and no quote when the fresh quote cannot be had', async () => {
  mockedApi.quoteLicenses.mockResolvedValueOnce(quoteOf(1000, 1_717_000_000)).mockRejectedValueOnce({
    error: {
      code: 'SUBSCRIPTION_NOT_ACTIVE',
      message: 'Licenses can only be added to an active subscription.',
    },
  });
  mockedApi.addLicenses.mockRejectedValueOnce(expired);
  render(<AddLicenses customerId="cus_1" subscriptionId="sub_1" onAdded={jest.fn()} />);
  await userEvent.click(screen.getByRole('button', { name: 'Add Licenses' }));
  await confirmWhenEnabled();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Licenses can only be added to an active subscription.',
  );
  expect(screen.queryByRole('button', { name: 'Confirm and Pay' })).not.toBeInTheDocument();
  expect(mockedApi.addLicenses).toHaveBeenCalledTimes(1);
});

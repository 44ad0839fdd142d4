import React from 'react';
import { act, render, screen, within } from '@testing-library/react';
import * as api from '../../api-client/client';
import type { Invoice } from '../../api-client/types';
import { Licenses } from '../licenses/Licenses';
import { serveLicensesPage, subscriptionOf } from './support/licenses-page';

// The licenses page when money is owed or a subscription is over: an unpaid invoice is labelled as an
// open invoice with a way to pay it here, and an ended subscription shows what ended and when.

jest.mock('../../api-client/client', () => ({
  getLicenses: jest.fn(),
  getSubscriptions: jest.fn(),
  getHeldLicenses: jest.fn(),
  getMachines: jest.fn(),
  getInvoices: jest.fn(),
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
}));
const mockedApi = jest.mocked(api);
const user = { uid: 'u1', email: 'buyer@example.com', emailVerified: true };

const openInvoice: Invoice = {
  id: 'in_7',
  number: 'EMU-000007',
  created: Date.UTC(2024, 5, 5) / 1000,
  status: 'open',
  currency: 'usd',
  total: 3000,
  amountDue: 3000,
  amountPaid: 0,
  amountRemaining: 3000,
  amountRefunded: 0,
  hostedInvoiceUrl: 'https://invoice.example/in_7',
  invoicePdf: 'https://invoice.example/in_7/pdf',
};

async function show() {
  jest.useFakeTimers();
  render(<Licenses user={user} />);
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
  await act(async () => {
    jest.advanceTimersByTime(1000);
  });
  jest.useRealTimers();
}

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

describe('after the subscription ended', () => {
  it('shows when it ended and the licenses that ended with it, and how to buy again', async () => {
    const endedAt = '2024-06-05T10:00:00.000Z';
    serveLicensesPage(mockedApi, {
      sub: subscriptionOf({ status: 'canceled', renewLicenseCount: 0, activeLicenseCount: 0 }),
      licenses: [],
      ended: [
        { key: 'AAAAA-BBBBB', expirationDate: endedAt, assignee: null },
        { key: 'CCCCC-DDDDD', expirationDate: endedAt, assignee: 'ana@example.com' },
      ],
    });
    await show();
    const ended = await screen.findByRole('region', { name: 'Your subscription has ended' });
    expect(ended).toHaveTextContent('It ended on 06/05/2024.');
    const rows = within(within(ended).getByRole('table', { name: 'Licenses that ended' })).getAllByRole(
      'row',
    );
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      'AAAAA-BBBBB06/05/2024You',
      'CCCCC-DDDDD06/05/2024ana@example.com',
    ]);
    expect(within(ended).getByRole('link', { name: 'buy licenses' })).toHaveAttribute(
      'href',
      '#buy-licenses',
    );
    expect(screen.getByRole('heading', { name: 'Buy Licenses' })).toHaveAttribute('id', 'buy-licenses');
    expect(screen.queryByText('You have no licenses yet.')).not.toBeInTheDocument();
    expect(screen.getByText('You have no licenses in force.')).toBeInTheDocument();
  });
});

describe('an open invoice in the billing history', () => {
  it('after a failed renewal: labelled open, paid here with a new card', async () => {
    serveLicensesPage(mockedApi, {
      sub: subscriptionOf({ status: 'past_due' }),
      licenses: [{ key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null }],
    });
    mockedApi.getInvoices.mockResolvedValue({ subscriptionId: 'sub_1', invoices: [openInvoice] });
    await show();
    const history = await screen.findByRole('region', { name: 'Billing History' });
    const row = within(await within(history).findByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Open invoice, not paid');
    expect(within(row).getByRole('link', { name: 'Pay now EMU-000007' })).toHaveAttribute(
      'href',
      '/update-card?sid=sub_1',
    );
    expect(within(row).queryByRole('link', { name: /View receipt/ })).not.toBeInTheDocument();
  });
});

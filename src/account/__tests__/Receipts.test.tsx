import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as api from '../../api-client/client';
import type { Invoice } from '../../api-client/types';
import { Receipts } from '../receipts/Receipts';

jest.mock('../../api-client/client', () => ({ getInvoices: jest.fn(), downloadInvoicesCsv: jest.fn() }));
const mockedApi = jest.mocked(api);

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 'in_1',
  number: 'EMU-000001',
  created: Date.UTC(2024, 4, 5) / 1000,
  status: 'paid',
  currency: 'usd',
  total: 3000,
  amountDue: 3000,
  amountPaid: 3000,
  amountRemaining: 0,
  amountRefunded: 0,
  hostedInvoiceUrl: 'https://invoice.example/in_1',
  invoicePdf: 'https://invoice.example/in_1/pdf',
  ...over,
});

beforeEach(() => jest.clearAllMocks());

describe('billing history', () => {
  it('lists each invoice with its date, amount, status and receipt links opening in a new tab', async () => {
    mockedApi.getInvoices.mockResolvedValue({
      subscriptionId: 'sub_1',
      invoices: [
        invoice({
          id: 'in_2',
          number: 'EMU-000002',
          created: Date.UTC(2024, 4, 20) / 1000,
          status: 'open',
          amountDue: 750,
          amountPaid: 0,
          hostedInvoiceUrl: 'https://invoice.example/in_2',
          invoicePdf: null,
        }),
        invoice(),
      ],
    });
    render(<Receipts uid="u1" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your receipts…');
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['05/20/2024', '$7.50', 'Open invoice, not paid', 'Pay now EMU-000002 · View invoice EMU-000002'],
      ['05/05/2024', '$30.00', 'Paid', 'View receipt EMU-000001 · PDF EMU-000001'],
    ]);
    const view = screen.getByRole('link', { name: 'View receipt EMU-000001' });
    expect(view).toHaveAttribute('href', 'https://invoice.example/in_1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'PDF EMU-000001' })).toHaveAttribute(
      'href',
      'https://invoice.example/in_1/pdf',
    );
    expect(screen.queryByRole('link', { name: 'PDF EMU-000002' })).not.toBeInTheDocument();
  });

  it('labels an unpaid invoice as an open invoice, never a receipt, with a way to pay it', async () => {
    const open = invoice({
      id: 'in_9',
      number: 'EMU-000009',
      status: 'open',
      amountPaid: 0,
      invoicePdf: null,
    });
    mockedApi.getInvoices.mockResolvedValue({ subscriptionId: 'sub_1', invoices: [open] });
    const { unmount } = render(<Receipts uid="u1" payPath="/update-card?sid=sub_1" />);
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Open invoice, not paid');
    expect(within(row).queryByText(/receipt/i)).not.toBeInTheDocument();
    // Paid on this site (a new card pays the open invoice at once).
    expect(within(row).getByRole('link', { name: 'Pay now EMU-000009' })).toHaveAttribute(
      'href',
      '/update-card?sid=sub_1',
    );
    expect(within(row).getByRole('link', { name: 'View invoice EMU-000009' })).toHaveAttribute(
      'href',
      'https://invoice.example/in_1',
    );
    unmount();

    // Without a way on this site, Stripe's hosted invoice page takes the payment.
    render(<Receipts uid="u1" />);
    const pay = await screen.findByRole('link', { name: 'Pay now EMU-000009' });
    expect(pay).toHaveAttribute('href', 'https://invoice.example/in_1');
    expect(pay).toHaveAttribute('target', '_blank');
  });

  it('says how much of a payment was refunded, in part or in full', async () => {
    mockedApi.getInvoices.mockResolvedValue({
      subscriptionId: 'sub_1',
      invoices: [
        invoice({ id: 'in_4', number: 'EMU-000004', amountRefunded: 1000 }),
        invoice({ amountRefunded: 3000 }),
      ],
    });
    render(<Receipts uid="u1" />);
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Refunded $10.00',
      'Refunded $30.00',
    ]);
    // The amount column still says what was paid, and the receipt stays one click away.
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['$30.00', '$30.00']);
    expect(screen.getByRole('link', { name: 'View receipt EMU-000004' })).toBeInTheDocument();
  });

  it('says there are no receipts yet when there are no invoices', async () => {
    mockedApi.getInvoices.mockResolvedValue({ subscriptionId: null, invoices: [] });
    render(<Receipts uid="u1" />);
    expect(await screen.findByText('No receipts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('downloads the whole history as a CSV file once there is an invoice', async () => {
    mockedApi.getInvoices.mockResolvedValue({ subscriptionId: 'sub_1', invoices: [invoice()] });
    let saved: (name: string) => void = () => undefined;
    mockedApi.downloadInvoicesCsv.mockReturnValue(new Promise((resolve) => (saved = resolve)));
    render(<Receipts uid="u1" />);
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    expect(within(screen.getByRole('region', { name: 'Billing History' })).getByRole('button')).toBe(button);
    await userEvent.click(button);
    expect(mockedApi.downloadInvoicesCsv).toHaveBeenCalledWith('u1');
    // One download at a time: a second click while the first runs sends nothing more.
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(mockedApi.downloadInvoicesCsv).toHaveBeenCalledTimes(1);
    await act(async () => saved('stockbench-billing-history-2026-11-28.csv'));
    // Free again once the download is saved (and the guard's short lock has passed).
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a download was refused', async () => {
    mockedApi.getInvoices.mockResolvedValue({ subscriptionId: 'sub_1', invoices: [invoice()] });
    mockedApi.downloadInvoicesCsv.mockRejectedValue({
      error: { code: 'FORBIDDEN', message: 'The uid is not the signed-in user.' },
    });
    render(<Receipts uid="u1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
  });

  it('shows the error instead of the spinner when the list cannot be read', async () => {
    mockedApi.getInvoices.mockRejectedValue({ error: { code: 'FORBIDDEN', message: 'Not yours.' } });
    render(<Receipts uid="u1" />);
    expect(await screen.findByRole('alert')).not.toBeEmptyDOMElement();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('reads the list again when the page reloads its data, keeping the rows meanwhile', async () => {
    mockedApi.getInvoices.mockResolvedValueOnce({ subscriptionId: 'sub_1', invoices: [invoice()] });
    const { rerender } = render(<Receipts uid="u1" reloadWhen={1} />);
    expect(await screen.findByText('$30.00')).toBeInTheDocument();

    let answer: (v: Awaited<ReturnType<typeof api.getInvoices>>) => void = () => undefined;
    mockedApi.getInvoices.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    rerender(<Receipts uid="u1" reloadWhen={2} />);
    expect(mockedApi.getInvoices).toHaveBeenCalledTimes(2);
    expect(screen.getByText('$30.00')).toBeInTheDocument();
    await act(async () =>
      answer({
        subscriptionId: 'sub_1',
        invoices: [invoice({ id: 'in_3', number: 'EMU-000003', amountPaid: 1500 }), invoice()],
      }),
    );
    expect(screen.getByText('$15.00')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});

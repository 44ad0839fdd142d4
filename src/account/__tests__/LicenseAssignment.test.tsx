import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as api from '../../api-client/client';
import type { HeldLicense, LicenseView, Subscription } from '../../api-client/types';
import { Licenses } from '../licenses/Licenses';
import { serveLicensesPage, subscriptionOf } from './support/licenses-page';

jest.mock('../../api-client/client', () => ({
  getLicenses: jest.fn(),
  getSubscriptions: jest.fn(),
  getHeldLicenses: jest.fn(),
  getMachines: jest.fn(),
  signOutMachine: jest.fn(),
  getInvoices: jest.fn(),
  assignLicense: jest.fn(),
  takeBackLicense: jest.fn(),
  removeLicenses: jest.fn(),
  setupCheckout: jest.fn(),
  quoteLicenses: jest.fn(),
  addLicenses: jest.fn(),
  resumeSubscription: jest.fn(),
  cancelSubscription: jest.fn(),
  renewLicenses: jest.fn(),
  getRefundEligibility: jest.fn(),
  requestRefund: jest.fn(),
  getBillingDetails: jest.fn(),
  putBillingDetails: jest.fn(),
}));
const mockedApi = jest.mocked(api);
const user = { uid: 'u1', email: 'buyer@example.com', emailVerified: true };

const subscription = subscriptionOf({ renewLicenseCount: 2 });

const unassigned: LicenseView = { key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null };
const assigned: LicenseView = { key: 'CCCCC-DDDDD', expirationDate: 'NONE', assignee: 'ana@example.com' };

function serve({
  sub = subscription,
  licenses = [unassigned, assigned],
  held = [],
}: { sub?: Subscription | null; licenses?: LicenseView[]; held?: HeldLicense[] } = {}) {
  serveLicensesPage(mockedApi, { sub, licenses, held });
}

/** Renders the page and lets its spinner go (held for a second after the data arrived). */
async function settle() {
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

/** The page once loaded, with the user's own licenses. */
async function show() {
  await settle();
  expect(screen.getByRole('heading', { name: 'Your Licenses' })).toBeInTheDocument();
}

/** The row of the own license table that shows this key. */
function row(key: string) {
  const table = within(screen.getByRole('region', { name: 'Your Licenses' })).getByRole('table');
  const found = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(key));
  if (!found) throw new Error(`no row for ${key}`);
  return within(found);
}

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

describe('/licenses: assigning licenses', () => {
  it('shows who holds each license, with Assign or Change and Take back', async () => {
    serve();
    await show();
    expect(screen.getByRole('columnheader', { name: 'Holder' })).toBeInTheDocument();
    expect(row('AAAAA-BBBBB').getByRole('cell', { name: 'You' })).toBeInTheDocument();
    expect(row('AAAAA-BBBBB').getByRole('button', { name: 'Assign' })).toBeInTheDocument();
    expect(row('AAAAA-BBBBB').queryByRole('button', { name: 'Take Back' })).not.toBeInTheDocument();
    expect(row('CCCCC-DDDDD').getByRole('cell', { name: 'ana@example.com' })).toBeInTheDocument();
    expect(row('CCCCC-DDDDD').getByRole('button', { name: 'Change' })).toBeInTheDocument();
    expect(row('CCCCC-DDDDD').getByRole('button', { name: 'Take Back' })).toBeInTheDocument();
  });

  it('assigns a license by email address and says the key was emailed', async () => {
    serve();
    mockedApi.assignLicense.mockResolvedValue({ license: { ...unassigned, assignee: 'bo@example.com' } });
    await show();
    await userEvent.click(row('AAAAA-BBBBB').getByRole('button', { name: 'Assign' }));
    const form = screen.getByRole('form', { name: 'Assign license AAAAA-BBBBB' });
    const input = within(form).getByLabelText('Email address');
    expect(input).toHaveFocus();
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, 'bo@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Assigned to bo@example.com. We emailed them the key and how to start.',
    );
    expect(mockedApi.assignLicense).toHaveBeenCalledWith({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      licenseKey: 'AAAAA-BBBBB',
      email: 'bo@example.com',
    });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(row('AAAAA-BBBBB').getByRole('cell', { name: 'bo@example.com' })).toBeInTheDocument();
    // Focus goes back to the row's button, which now changes the assignee.
    await waitFor(() => expect(row('AAAAA-BBBBB').getByRole('button', { name: 'Change' })).toHaveFocus());
  });

  it('drops the assignment message once another change is made to the licenses', async () => {
    serve();
    mockedApi.takeBackLicense.mockResolvedValue({ license: { ...assigned, assignee: null } });
    mockedApi.removeLicenses.mockResolvedValue({
      subscriptionId: 'sub_1',
      renewLicenseCount: 1,
      cancelAtPeriodEnd: false,
      licenses: [],
    });
    await show();
    await userEvent.click(row('CCCCC-DDDDD').getByRole('button', { name: 'Take Back' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Taken back. The license is yours again.');

    await userEvent.click(row('AAAAA-BBBBB').getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Remove' }));
    await waitFor(() => expect(mockedApi.removeLicenses).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryByText('Taken back. The license is yours again.')).not.toBeInTheDocument(),
    );
  });

  it('changes the assignee, starting from the current address', async () => {
    serve();
    mockedApi.assignLicense.mockResolvedValue({ license: { ...assigned, assignee: 'cy@example.com' } });
    await show();
    await userEvent.click(row('CCCCC-DDDDD').getByRole('button', { name: 'Change' }));
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveValue('ana@example.com');
    await userEvent.clear(input);
    await userEvent.type(input, 'cy@example.com{Enter}');

    expect(await screen.findByRole('status')).toHaveTextContent('Assigned to cy@example.com.');
    expect(mockedApi.assignLicense).toHaveBeenCalledWith(
      expect.objectContaining({ licenseKey: 'CCCCC-DDDDD', email: 'cy@example.com' }),
    );
    expect(row('CCCCC-DDDDD').getByRole('cell', { name: 'cy@example.com' })).toBeInTheDocument();
    expect(screen.queryByText('ana@example.com')).not.toBeInTheDocument();
  });

  it('takes a license back: it is the buyer’s again', async () => {
    serve();
    mockedApi.takeBackLicense.mockResolvedValue({ license: { ...assigned, assignee: null } });
    await show();
    await userEvent.click(row('CCCCC-DDDDD').getByRole('button', { name: 'Take Back' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Taken back. The license is yours again.');
    expect(mockedApi.takeBackLicense).toHaveBeenCalledWith({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      licenseKey: 'CCCCC-DDDDD',
    });
    expect(row('CCCCC-DDDDD').getByRole('cell', { name: 'You' })).toBeInTheDocument();
    expect(row('CCCCC-DDDDD').queryByRole('button', { name: 'Take Back' })).not.toBeInTheDocument();
    await waitFor(() => expect(row('CCCCC-DDDDD').getByRole('button', { name: 'Assign' })).toHaveFocus());
  });

  it('shows the server’s message when the assignment is refused, and keeps the form', async () => {
    serve();
    mockedApi.assignLicense.mockRejectedValue({
      error: {
        code: 'ALREADY_HOLDS_LICENSE',
        message: 'ana@example.com already holds a license of this subscription.',
      },
    });
    await show();
    await userEvent.click(row('AAAAA-BBBBB').getByRole('button', { name: 'Assign' }));
    await userEvent.type(screen.getByLabelText('Email address'), 'ana@example.com{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ana@example.com already holds a license of this subscription.',
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('ana@example.com');
    expect(row('AAAAA-BBBBB').getByRole('cell', { name: 'You' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the server’s message when taking back fails', async () => {
    serve();
    mockedApi.takeBackLicense.mockRejectedValue({
      error: { code: 'LICENSE_ENDED', message: 'This license has ended.' },
    });
    await show();
    await userEvent.click(row('CCCCC-DDDDD').getByRole('button', { name: 'Take Back' }));
    expect(await row('CCCCC-DDDDD').findByRole('alert')).toHaveTextContent('This license has ended.');
    expect(row('CCCCC-DDDDD').getByRole('cell', { name: 'ana@example.com' })).toBeInTheDocument();
  });

  it('sends a double click once, with the buttons disabled while it runs', async () => {
    serve();
    let answer: (value: { license: LicenseView }) => void = () => undefined;
    mockedApi.assignLicense.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await show();
    await userEvent.click(row('AAAAA-BBBBB').getByRole('button', { name: 'Assign' }));
    await userEvent.type(screen.getByLabelText('Email address'), 'bo@example.com');
    const form = within(screen.getByRole('form', { name: 'Assign license AAAAA-BBBBB' }));
    await userEvent.dblClick(form.getByRole('button', { name: 'Assign' }));

    expect(form.getByRole('button', { name: 'Assign' })).toBeDisabled();
    expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer({ license: { ...unassigned, assignee: 'bo@example.com' } });
    await screen.findByRole('status');
    expect(mockedApi.assignLicense).toHaveBeenCalledTimes(1);
  });

  it('cancels without sending, and gives focus back to the button', async () => {
    serve();
    await show();
    await userEvent.click(row('AAAAA-BBBBB').getByRole('button', { name: 'Assign' }));
    await userEvent.type(screen.getByLabelText('Email address'), 'bo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(row('AAAAA-BBBBB').getByRole('button', { name: 'Assign' })).toHaveFocus();
    expect(mockedApi.assignLicense).not.toHaveBeenCalled();
  });

  it('offers no assignment while the checkout is unfinished', async () => {
    serve({ sub: { ...subscription, status: 'incomplete', clientSecret: 'pi_1_secret_x' } });
    await show();
    expect(row('AAAAA-BBBBB').queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    expect(row('CCCCC-DDDDD').queryByRole('button', { name: 'Take Back' })).not.toBeInTheDocument();
  });
});

describe('/licenses: licenses assigned to the user', () => {
  const held: HeldLicense[] = [
    {
      key: 'EEEEE-FFFFF',
      expirationDate: 'NONE',
      paidBy: 'boss@example.com',
      subscriptionStatus: 'active',
      paidFor: true,
    },
    {
      key: 'GGGGG-HHHHH',
      expirationDate: '2024-06-05T00:00:00.000Z',
      paidBy: 'other@example.com',
      subscriptionStatus: 'active',
      paidFor: true,
    },
  ];

  it('lists them read-only, with who pays, beside the way to buy', async () => {
    serve({ sub: null, held });
    await show();
    const section = within(screen.getByRole('region', { name: 'Licenses assigned to you' }));
    const [first, second] = section
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r));
    if (!first || !second) throw new Error('two held rows expected');
    expect(first.getByText('EEEEE-FFFFF')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Copy license key EEEEE-FFFFF' })).toBeInTheDocument();
    expect(first.getByText('None - renews monthly')).toBeInTheDocument();
    expect(first.getByText('Paid by boss@example.com')).toBeInTheDocument();
    expect(second.getByText('06/05/2024')).toBeInTheDocument();
    expect(second.getByText('Paid by other@example.com')).toBeInTheDocument();
    // Read-only: the only buttons copy the keys.
    expect(section.getAllByRole('button').map((b) => b.textContent)).toEqual(['Copy', 'Copy']);

    expect(screen.getByText('You have not bought any licenses.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy Licenses' })).toBeInTheDocument();
  });

  it('says when a listed license does not work because its payment is overdue', async () => {
    const [renewing, ending] = held;
    if (!renewing || !ending) throw new Error('two held licenses expected');
    serve({ sub: null, held: [{ ...renewing, subscriptionStatus: 'past_due', paidFor: false }, ending] });
    await show();
    const section = within(screen.getByRole('region', { name: 'Licenses assigned to you' }));
    const overdue = 'Not working now: the payment for it is overdue. It works again once the payer pays.';
    const [first, second] = section.getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('two held rows expected');
    expect(within(first).getByText(overdue)).toBeInTheDocument();
    expect(within(second).queryByText(overdue)).not.toBeInTheDocument();
  });

  it('shows no such section when nothing is assigned to the user', async () => {
    serve();
    await show();
    expect(screen.queryByRole('region', { name: 'Licenses assigned to you' })).not.toBeInTheDocument();
  });

  it('still shows the user’s own licenses when the assigned ones cannot be read', async () => {
    serve();
    mockedApi.getHeldLicenses.mockRejectedValue({ error: { code: 'HTTP_500', message: 'Try again later.' } });
    await show();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not load the licenses assigned to you. Try again later.',
    );
    expect(row('AAAAA-BBBBB').getByRole('button', { name: 'Assign' })).toBeInTheDocument();
    expect(row('CCCCC-DDDDD').getByRole('cell', { name: 'ana@example.com' })).toBeInTheDocument();
  });

  it('still shows the licenses assigned to the user when their own cannot be read', async () => {
    serve({ sub: null, held });
    mockedApi.getLicenses.mockRejectedValue({ error: { code: 'HTTP_500', message: 'Try again later.' } });
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Try again later.');
    expect(screen.queryByRole('heading', { name: 'Your Licenses' })).not.toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Licenses assigned to you' }));
    expect(section.getByText('Paid by boss@example.com')).toBeInTheDocument();
  });
});

import React from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as api from '../../api-client/client';
import type { LicenseMachines, MachineView } from '../../api-client/types';
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

const laptop: MachineView = {
  id: 'machine-laptop-1',
  name: "Ada's laptop",
  platform: 'macos',
  appVersion: '5.2.0',
  firstSeen: '2026-11-01T10:00:00.000Z',
  lastSeen: '2026-11-20T10:00:00.000Z',
  validUntil: '2026-11-27T10:00:00.000Z',
};
const desk: MachineView = { ...laptop, id: 'machine-desk-1', name: 'Office PC', platform: 'windows' };
const licenses = [
  { key: 'AAAAA-BBBBB', expirationDate: 'NONE', assignee: null },
  { key: 'CCCCC-DDDDD', expirationDate: 'NONE', assignee: 'ana@example.com' },
];

function serve(machines: LicenseMachines[], machineLimit: number | null = 3) {
  serveLicensesPage(mockedApi, {
    sub: subscriptionOf({ renewLicenseCount: 2 }),
    licenses,
    machines,
    machineLimit,
  });
}

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
  return screen.findByRole('heading', { name: 'Devices' });
}

const devicesSection = () => screen.getByRole('region', { name: 'Devices' });

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.useRealTimers());

describe('Devices on /licenses', () => {
  it('by default counts the computers with no limit, and says there is none', async () => {
    serve(
      [
        { key: 'AAAAA-BBBBB', role: 'payer', machines: [laptop, desk] },
        { key: 'CCCCC-DDDDD', role: 'payer', machines: [] },
      ],
      null,
    );
    await show();
    const rows = within(screen.getAllByRole('table')[0] as HTMLElement).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('2 computers')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('0 computers')).toBeInTheDocument();
    expect(
      within(devicesSection()).getByRole('table', { name: 'License AAAAA-BBBBB: 2 computers' }),
    ).toBeVisible();
    expect(devicesSection()).toHaveTextContent('with no limit on how many');
    expect(devicesSection()).not.toHaveTextContent(/up to \d/);
  });

  it("with a deployment's limit of 3, shows how many machines use each license, and each machine with its details", async () => {
    serve([
      { key: 'AAAAA-BBBBB', role: 'payer', machines: [laptop, desk] },
      { key: 'CCCCC-DDDDD', role: 'payer', machines: [] },
    ]);
    await show();
    const rows = within(screen.getAllByRole('table')[0] as HTMLElement).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('2 of 3')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('0 of 3')).toBeInTheDocument();

    const table = within(devicesSection()).getByRole('table', { name: 'License AAAAA-BBBBB: 2 of 3' });
    const row = within(within(table).getByRole('row', { name: /Ada's laptop/ }));
    expect(row.getByText('macOS')).toBeInTheDocument();
    expect(row.getByText('5.2.0')).toBeInTheDocument();
    expect(row.getByText('November 20, 2026')).toBeInTheDocument();
    expect(row.getByText('November 27, 2026')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Office PC/ })).toHaveTextContent('Windows');
  });

  it('signs a machine out after a confirmation that says what happens, by keyboard', async () => {
    serve([{ key: 'AAAAA-BBBBB', role: 'payer', machines: [laptop, desk] }]);
    await show();
    mockedApi.signOutMachine.mockResolvedValue({
      licenseKey: 'AAAAA-BBBBB',
      machineId: laptop.id,
      worksOfflineUntil: laptop.validUntil,
    });
    mockedApi.getMachines.mockResolvedValue({
      licenses: [{ key: 'AAAAA-BBBBB', role: 'payer', machines: [desk] }],
      machineLimit: 3,
    });
    const keyboard = userEvent.setup();
    screen.getByRole('button', { name: "Sign Out Ada's laptop" }).focus();
    await keyboard.keyboard('{Enter}');
    const dialog = screen.getByRole('group', { name: "Sign out Ada's laptop" });
    expect(dialog).toHaveTextContent(
      "Sign out Ada's laptop? Its place on this license is free at once. The app on it stops using the license the next time it checks, and asks to sign in again. If it is offline now, it keeps working until November 27, 2026",
    );
    // The confirmation has the focus: Enter confirms.
    expect(within(dialog).getByRole('button', { name: 'Confirm Sign Out' })).toHaveFocus();
    await keyboard.keyboard('{Enter}');
    expect(mockedApi.signOutMachine).toHaveBeenCalledWith({
      licenseKey: 'AAAAA-BBBBB',
      machineId: laptop.id,
    });
    expect(await within(devicesSection()).findByRole('status')).toHaveTextContent(
      "Ada's laptop is signed out. Its place on the license is free. If it is offline, it keeps working until November 27, 2026.",
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada's laptop/ })).not.toBeInTheDocument());
    expect(screen.getAllByText('1 of 3').length).toBeGreaterThan(0);
  });

  it('Cancel keeps the machine; a failed sign-out says why and keeps it', async () => {
    serve([{ key: 'AAAAA-BBBBB', role: 'payer', machines: [laptop] }]);
    await show();
    const clicks = userEvent.setup();
    await clicks.click(screen.getByRole('button', { name: "Sign Out Ada's laptop" }));
    await clicks.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(mockedApi.signOutMachine).not.toHaveBeenCalled();
    mockedApi.signOutMachine.mockRejectedValue({
      error: { code: 'FORBIDDEN', message: 'This machine does not use a license of the signed-in user.' },
    });
    await clicks.click(screen.getByRole('button', { name: "Sign Out Ada's laptop" }));
    await clicks.click(screen.getByRole('button', { name: 'Confirm Sign Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/does not use a license/);
    expect(screen.getByRole('row', { name: /Ada's laptop/ })).toBeInTheDocument();
  });

  it('shows a name stored with a right-to-left override as it was typed, isolated, the override seen as \uFFFD', async () => {
    // Stored before the API refused such names: "invoice\u202Etxt.exe" would show as "invoiceexe.txt".
    const forged: MachineView = { ...laptop, id: 'machine-forged-1', name: 'invoice\u202Etxt.exe\u2066' };
    serve([{ key: 'AAAAA-BBBBB', role: 'payer', machines: [forged] }]);
    await show();
    const header = within(devicesSection()).getByRole('rowheader');
    expect(header.textContent).toBe('invoice\uFFFDtxt.exe\uFFFD');
    // Isolated from the text around it (a name in a right-to-left script cannot move its neighbours).
    expect(header.querySelector('bdi')).toHaveTextContent('invoice\uFFFDtxt.exe\uFFFD');
    const button = within(devicesSection()).getByRole('button', {
      name: 'Sign Out invoice\uFFFDtxt.exe\uFFFD',
    });
    await userEvent.setup().click(button);
    expect(screen.getByRole('group', { name: 'Sign out invoice\uFFFDtxt.exe\uFFFD' })).toHaveTextContent(
      'Sign out invoice\uFFFDtxt.exe\uFFFD? Its place',
    );
    expect(devicesSection().textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });

  it('says when no computer uses the licenses yet', async () => {
    serve([{ key: 'AAAAA-BBBBB', role: 'payer', machines: [] }]);
    await show();
    expect(devicesSection()).toHaveTextContent('No computer uses your licenses yet.');
  });

  it('shows a failed load in the Devices section only, with Try again', async () => {
    serve([]);
    mockedApi.getMachines.mockRejectedValueOnce({ error: { code: 'INTERNAL', message: 'Server trouble.' } });
    await show();
    expect(within(devicesSection()).getByRole('alert')).toHaveTextContent('Could not load your devices.');
    // The licenses themselves still show.
    expect(screen.getByText('AAAAA-BBBBB')).toBeInTheDocument();
    mockedApi.getMachines.mockResolvedValue({
      licenses: [{ key: 'AAAAA-BBBBB', role: 'payer', machines: [laptop] }],
      machineLimit: 3,
    });
    await userEvent.setup().click(within(devicesSection()).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('row', { name: /Ada's laptop/ })).toBeInTheDocument();
    expect(within(devicesSection()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an assignee sees their own machines on the license assigned to them', async () => {
    serveLicensesPage(mockedApi, {
      sub: null,
      licenses: [],
      held: [
        {
          key: 'EEEEE-FFFFF',
          expirationDate: 'NONE',
          paidBy: 'boss@example.com',
          subscriptionStatus: 'active',
          paidFor: true,
        },
      ],
      machines: [{ key: 'EEEEE-FFFFF', role: 'holder', machines: [laptop] }],
      machineLimit: 3,
    });
    await show();
    const table = within(devicesSection()).getByRole('table', {
      name: 'Your computers on license EEEEE-FFFFF: 1 of 3',
    });
    expect(within(table).getByRole('button', { name: "Sign Out Ada's laptop" })).toBeInTheDocument();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
  });
});

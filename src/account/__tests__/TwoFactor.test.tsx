import { TextEncoder } from 'node:util';
import React from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as auth from 'aws-amplify/auth';
import { expectSignedOutTo } from './support/signed-out';
import { TwoFactor } from '../profile/TwoFactor';
import { siteConfig } from '../../config';
import { accountConfig } from '../../account-config';

jest.mock('aws-amplify', () => ({ Amplify: { configure: jest.fn() } }));
jest.mock('aws-amplify/auth', () => ({
  fetchMFAPreference: jest.fn(),
  setUpTOTP: jest.fn(),
  verifyTOTPSetup: jest.fn(),
  updateMFAPreference: jest.fn(),
  signOut: jest.fn(),
}));
jest.mock('../../api-client/client', () => ({ signOutEverywhere: jest.fn() }));

const mocked = jest.mocked(auth);

const user = { uid: 'u1', email: 'me@example.com', emailVerified: true };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const WRONG_CODE = 'Incorrect code. Enter the 6-digit code your authenticator app shows now.';
const section = () => within(screen.getByRole('region', { name: 'Two-Factor Sign-In' }));

/** Cognito's answers by target (the re-sign-in that proves password and code goes to Cognito itself). */
type Answers = Record<string, { status: number; body: unknown }>;
const fetchMock = jest.fn();
function cognitoAnswers(answers: Answers) {
  fetchMock.mockImplementation((_url: string, init: RequestInit) => {
    const target = String((init.headers as Record<string, string>)['x-amz-target']).split('.')[1] ?? '';
    const { status, body } = answers[target] ?? { status: 400, body: { __type: 'UnexpectedCall' } };
    return Promise.resolve({
      ok: status < 400,
      status,
      statusText: '',
      headers: { get: () => null },
      json: () => Promise.resolve(body),
    });
  });
}
const sent = (target: string) =>
  fetchMock.mock.calls
    .filter(([, init]) =>
      String((init as RequestInit & { headers: Record<string, string> }).headers['x-amz-target']).endsWith(
        target,
      ),
    )
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

const challenge = {
  ChallengeName: 'SOFTWARE_TOKEN_MFA',
  Session: 'session-from-cognito',
  ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1' },
};

// jsdom lacks TextEncoder, which qrcode uses (browsers have it).
beforeAll(() => {
  Object.assign(globalThis, { TextEncoder });
});

beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = fetchMock;
  jest.replaceProperty(accountConfig.cognito, 'clientId', 'client-1');
});

describe('Two-Factor Sign-In on /profile', () => {
  it('offers to set it up when it is off', async () => {
    mocked.fetchMFAPreference.mockResolvedValue({});
    render(<TwoFactor user={user} />);
    expect(await section().findByRole('button', { name: 'Set Up Two-Factor Sign-In' })).toBeEnabled();
    expect(section().queryByRole('button', { name: 'Turn Off' })).not.toBeInTheDocument();
  });

  it('says it is on, and what to do when the phone is lost', async () => {
    mocked.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    render(<TwoFactor user={user} />);
    await section().findByRole('button', { name: 'Turn Off' });
    expect(section().getByText(/signing in asks for a code/)).toBeInTheDocument();
    expect(
      section()
        .getByText(/Lost your phone\?/)
        .closest('p'),
    ).toHaveTextContent(`email ${siteConfig.supportEmail} from your account's email address`);
  });

  it('sets it up: QR code, the key as text, and a first code; then it is on', async () => {
    mocked.fetchMFAPreference.mockResolvedValue({ enabled: [] });
    const getSetupUri = jest.fn(
      (app: string, account?: string) =>
        new URL(`otpauth://totp/${app}:${account ?? ''}?secret=${SECRET}&issuer=${app}`),
    );
    mocked.setUpTOTP.mockResolvedValue({ sharedSecret: SECRET, getSetupUri });
    mocked.verifyTOTPSetup.mockResolvedValue(undefined);
    mocked.updateMFAPreference.mockResolvedValue(undefined);
    render(<TwoFactor user={user} />);
    await userEvent.click(await section().findByRole('button', { name: 'Set Up Two-Factor Sign-In' }));

    const qr = await section().findByRole('img', { name: /QR code/ });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(getSetupUri).toHaveBeenCalledWith('Stockbench', 'me@example.com');
    expect(section().getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(section().getByRole('button', { name: 'Turn On' })).toBeDisabled();

    await userEvent.type(section().getByLabelText('Authentication Code'), '123456');
    await userEvent.click(section().getByRole('button', { name: 'Turn On' }));
    await expectSignedOutTo('twoFactorOn');
    expect(mocked.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(mocked.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
  });

  it('keeps it off after a wrong first code, and says so', async () => {
    mocked.fetchMFAPreference.mockResolvedValue({});
    mocked.setUpTOTP.mockResolvedValue({
      sharedSecret: SECRET,
      getSetupUri: () => new URL(`otpauth://totp/Stockbench:me?secret=${SECRET}`),
    });
    mocked.verifyTOTPSetup.mockRejectedValue(
      Object.assign(new Error('Code mismatch and fail enable Software Token MFA'), {
        name: 'EnableSoftwareTokenMFAException',
      }),
    );
    render(<TwoFactor user={user} />);
    await userEvent.click(await section().findByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
    await userEvent.type(await section().findByLabelText('Authentication Code'), '000000');
    await userEvent.click(section().getByRole('button', { name: 'Turn On' }));
    expect(await section().findByRole('alert')).toHaveTextContent(WRONG_CODE);
    expect(mocked.updateMFAPreference).not.toHaveBeenCalled();
  });

  describe('turning it off', () => {
    async function turnOff(password: string, code: string) {
      mocked.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
      render(<TwoFactor user={user} />);
      await userEvent.type(await section().findByLabelText('Current Password'), password);
      await userEvent.type(section().getByLabelText('Authentication Code'), code);
      await userEvent.click(section().getByRole('button', { name: 'Turn Off' }));
    }

    it('needs both the password and a code', async () => {
      mocked.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'] });
      render(<TwoFactor user={user} />);
      const button = await section().findByRole('button', { name: 'Turn Off' });
      expect(button).toBeDisabled();
      await userEvent.type(section().getByLabelText('Current Password'), 'secret1');
      expect(button).toBeDisabled();
      await userEvent.type(section().getByLabelText('Authentication Code'), '12345');
      expect(button).toBeDisabled();
    });

    it('proves both by signing in again with the code, ends that sign-in, then turns it off', async () => {
      cognitoAnswers({
        InitiateAuth: { status: 200, body: challenge },
        RespondToAuthChallenge: {
          status: 200,
          body: { AuthenticationResult: { AccessToken: 'a', IdToken: 'i', RefreshToken: 'extra-refresh' } },
        },
        RevokeToken: { status: 200, body: {} },
      });
      mocked.updateMFAPreference.mockResolvedValue(undefined);
      await turnOff('secret1', '123456');
      await expectSignedOutTo('twoFactorOff');
      expect(sent('InitiateAuth')).toEqual([
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: 'client-1',
          AuthParameters: { USERNAME: 'me@example.com', PASSWORD: 'secret1' },
        },
      ]);
      expect(sent('RespondToAuthChallenge')).toEqual([
        {
          ClientId: 'client-1',
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: 'session-from-cognito',
          ChallengeResponses: { USERNAME: 'sub-1', SOFTWARE_TOKEN_MFA_CODE: '123456' },
        },
      ]);
      expect(sent('RevokeToken')).toEqual([{ ClientId: 'client-1', Token: 'extra-refresh' }]);
      expect(mocked.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    });

    it('stays on with a wrong password', async () => {
      cognitoAnswers({
        InitiateAuth: {
          status: 400,
          body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
        },
      });
      await turnOff('not-mine', '123456');
      expect(await section().findByRole('alert')).toHaveTextContent('Incorrect current password.');
      expect(sent('RespondToAuthChallenge')).toEqual([]);
      expect(mocked.updateMFAPreference).not.toHaveBeenCalled();
    });

    it('stays on with a wrong code', async () => {
      cognitoAnswers({
        InitiateAuth: { status: 200, body: challenge },
        RespondToAuthChallenge: {
          status: 400,
          body: { __type: 'CodeMismatchException', message: 'Invalid code received for user' },
        },
      });
      await turnOff('secret1', '000000');
      expect(await section().findByRole('alert')).toHaveTextContent(WRONG_CODE);
      expect(mocked.updateMFAPreference).not.toHaveBeenCalled();
      expect(section().getByRole('button', { name: 'Turn Off' })).toBeInTheDocument();
    });
  });

  it('shows the generic message when the setting cannot be read', async () => {
    mocked.fetchMFAPreference.mockRejectedValue(new Error('network'));
    render(<TwoFactor user={user} />);
    expect(await section().findByRole('alert')).toHaveTextContent('Something unexpected happened.');
  });
});

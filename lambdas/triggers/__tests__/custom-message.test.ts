import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { withMessage } from '../custom-message';

function event(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  code: string,
): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userName: 'c0ffee',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: { email: 'jo+test@example.com' },
      codeParameter: code,
      usernameParameter: null,
      linkParameter: '',
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('custom-message trigger', () => {
  const previous = process.env.SITE_URL;
  beforeAll(() => {
    process.env.SITE_URL = 'https://stockbench.app/';
  });
  afterAll(() => {
    process.env.SITE_URL = previous;
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode', 'CustomMessage_UpdateUserAttribute'] as const)(
    '%s links to verifyEmail with the placeholder Cognito substitutes',
    async (source) => {
      const out = withMessage(event(source, '{####}'));
      expect(out.response.emailSubject).toMatch(/verify/i);
      expect(out.response.emailMessage).toContain(
        'href="https://stockbench.app/auth?mode=verifyEmail&amp;oobCode={####}&amp;email=jo%2Btest%40example.com"',
      );
      expect(out.response.emailMessage).toContain('<strong>{####}</strong>');
    },
  );

  it("a sign-up's mail says the page asks for the password, and how to claim the address", async () => {
    const out = withMessage(event('CustomMessage_SignUp', '{####}'));
    expect(out.response.emailMessage).toContain('The page asks for the password of your Stockbench account');
    expect(out.response.emailMessage).toContain(
      'You can create your own account with it at https://stockbench.app/sign-up',
    );
    const changed = withMessage(event('CustomMessage_UpdateUserAttribute', '{####}'));
    expect(changed.response.emailMessage).not.toContain('/sign-up');
  });

  it('VerifyUserAttribute also goes to verifyEmail', async () => {
    const out = withMessage(event('CustomMessage_VerifyUserAttribute', '{####}'));
    expect(out.response.emailMessage).toContain('mode=verifyEmail');
  });

  it('ForgotPassword links to resetPassword, with a real code too', async () => {
    const out = withMessage(event('CustomMessage_ForgotPassword', '123456'));
    expect(out.response.emailSubject).toMatch(/reset/i);
    expect(out.response.emailMessage).toContain(
      '/auth?mode=resetPassword&amp;oobCode=123456&amp;email=jo%2Btest',
    );
    expect(out.response.emailMessage).toContain('<strong>123456</strong>');
  });

  it('leaves other sources to Cognito defaults', async () => {
    const out = withMessage(event('CustomMessage_AdminCreateUser', '{####}'));
    expect(out.response.emailMessage).toBeNull();
  });
});

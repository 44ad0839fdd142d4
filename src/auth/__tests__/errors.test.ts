import { authErrorMessage, genericErrorMessage } from '../errors';

const named = (name: string, message = 'provider says') => ({ name, message });
const api = (code: string, message = 'api says') => ({ error: { code, message } });

describe('authErrorMessage: the one table of error messages', () => {
  it.each([
    ['signIn', named('NotAuthorizedException'), 'Incorrect email address or password.'],
    ['signIn', named('UserNotFoundException'), 'Email address not found.'],
    ['signIn', named('InvalidPasswordException'), 'Incorrect password.'],
    [
      'signIn',
      named('LimitExceededException'),
      'Too many attempts. Please reset your password or try again later.',
    ],
    [
      'signIn',
      named('TooManyRequestsException'),
      'Too many attempts. Please reset your password or try again later.',
    ],
    [
      'signIn',
      named('NotAuthorizedException', 'Password attempts exceeded'),
      'Too many attempts. Please reset your password or try again later.',
    ],
    ['signUp', named('UsernameExistsException'), 'Email address already taken.'],
    ['signUp', named('InvalidPasswordException'), 'Password must be at least 6 characters.'],
    ['verify', named('LimitExceededException'), 'Too many attempts. Please try again later.'],
    ['resetRequest', named('LimitExceededException'), 'Too many attempts. Please try again later.'],
    ['action', named('LimitExceededException'), 'Too many attempts. Please try again later.'],
    [
      'profile',
      named('NotAuthorizedException', 'Password attempts exceeded'),
      'Too many attempts. Please reset your password or try again later.',
    ],
    ['resetRequest', named('UserNotFoundException'), 'Email address not found.'],
    ['action', named('InvalidPasswordException'), 'Password must be at least 6 characters.'],
    [
      'action',
      named('CodeMismatchException'),
      'This link is invalid or has already been used. Please request a new one.',
    ],
    ['action', named('ExpiredCodeException'), 'This link has expired. Please request a new one.'],
    ['profile', named('UsernameExistsException'), 'New email is already taken.'],
    ['profile', api('EMAIL_TAKEN'), 'New email is already taken.'],
    ['profile', named('NotAuthorizedException'), 'Incorrect current password.'],
    ['profile', api('INCORRECT_PASSWORD'), 'Incorrect current password.'],
    ['profile', named('InvalidPasswordException'), 'New password must be at least 6 characters.'],
    [
      'signInCode',
      named('CodeMismatchException'),
      'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
    ],
    [
      'signInCode',
      named('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
      'Your sign-in has expired. Please enter your password again.',
    ],
    [
      'mfa',
      named('EnableSoftwareTokenMFAException'),
      'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
    ],
    [
      'mfa',
      named('CodeMismatchException'),
      'Incorrect code. Enter the 6-digit code your authenticator app shows now.',
    ],
    ['mfa', named('NotAuthorizedException'), 'Incorrect current password.'],
  ] as const)('%s: %j -> %s', (screen, error, message) => {
    expect(authErrorMessage(error, screen)).toBe(message);
  });

  it("shows the provider's own message for a Cognito exception the table does not list", () => {
    expect(
      authErrorMessage(named('InvalidParameterException', 'Invalid email address format.'), 'signUp'),
    ).toBe('Invalid email address format.');
    expect(authErrorMessage(api('SUBSCRIPTION_EXISTS', 'You already have a subscription.'), 'billing')).toBe(
      'You already have a subscription.',
    );
  });

  it('shows the generic message with the support address for anything else', () => {
    const generic =
      'Something unexpected happened. Please try again. If the error continues to occur, reach out to us at support@stockbench.app.';
    expect(genericErrorMessage()).toBe(generic);
    expect(authErrorMessage(new TypeError('Failed to fetch'), 'signIn')).toBe(generic);
    expect(authErrorMessage(undefined, 'profile')).toBe(generic);
    expect(authErrorMessage('boom', 'signUp')).toBe(generic);
    expect(authErrorMessage(named('InternalErrorException', 'An internal error occurred.'), 'signIn')).toBe(
      generic,
    );
  });
});

describe('authErrorMessage: account protection', () => {
  it("shows a Cognito trigger's own refusal, without Cognito's wrapping", () => {
    const message =
      'The email address contains “\u212A” (U+212A), which only looks like “K”. Type it plainly.';
    expect(
      authErrorMessage(
        { name: 'UserLambdaValidationException', message: `PreSignUp failed with error ${message}.` },
        'signUp',
      ),
    ).toBe(message);
  });

  it('says why a recovered account’s old password no longer signs in', () => {
    expect(authErrorMessage({ name: 'PasswordResetRequiredException' }, 'signIn')).toMatch(
      /no longer works, because the account was recovered/,
    );
  });
});

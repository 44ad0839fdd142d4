// The Cognito calls whose CloudTrail events reach lambdas/triggers/security-events.ts (the EventBridge
// rule in cdk/lib/account-security-events.ts lists them; the local Cognito sends the same).
export const SECURITY_EVENT_NAMES = [
  'SetUserMFAPreference',
  'AdminSetUserMFAPreference',
  'VerifySoftwareToken',
  'ChangePassword',
  'ConfirmForgotPassword',
  'DeleteUser',
  'CompleteWebAuthnRegistration',
  'DeleteWebAuthnCredential',
] as const;

import {
  DeleteWebAuthnCredentialCommand,
  GetUserCommand,
  ListWebAuthnCredentialsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './cognito';
import { AccessTokenRefusedError, TooManyAttemptsError } from './errors';

// The Cognito calls the BFF makes with the owner's own access token: Cognito has no admin call for
// passkeys, so finishing support's removal of them (POST /api/finish-passkey-removal) uses the token
// the site holds. Cognito authorizes these calls by the token, not by IAM (the SDK sends them unsigned).

/** Cognito's refusals of the token itself: expired, revoked, malformed, or its user gone. */
const TOKEN_REFUSED = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'InvalidParameterException',
]);

function domainError(err: unknown): unknown {
  const name = err instanceof Error ? err.name : '';
  if (TOKEN_REFUSED.has(name)) return new AccessTokenRefusedError(err);
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException')
    return new TooManyAttemptsError();
  return err;
}

/** The `sub` of the user the access token belongs to (Cognito's GetUser). */
export async function subOfAccessToken(accessToken: string): Promise<string> {
  try {
    const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    const sub = out.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new AccessTokenRefusedError(new Error('GetUser answered no sub'));
    return sub;
  } catch (err) {
    throw domainError(err);
  }
}

/** The ids of every passkey of the token's user (every page of ListWebAuthnCredentials). */
export async function passkeyIds(accessToken: string): Promise<string[]> {
  const ids: string[] = [];
  let nextToken: string | undefined;
  try {
    do {
      const page = await cognito().send(
        new ListWebAuthnCredentialsCommand({
          AccessToken: accessToken,
          MaxResults: 20,
          NextToken: nextToken,
        }),
      );
      for (const credential of page.Credentials ?? [])
        if (credential.CredentialId) ids.push(credential.CredentialId);
      nextToken = page.NextToken;
    } while (nextToken);
  } catch (err) {
    throw domainError(err);
  }
  return ids;
}

/** Deletes one passkey of the token's user: false when it was gone already (another call removed it). */
export async function deletePasskey(accessToken: string, credentialId: string): Promise<boolean> {
  try {
    await cognito().send(
      new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: credentialId }),
    );
    return true;
  } catch (err) {
    if (err instanceof Error && err.name === 'ResourceNotFoundException') return false;
    throw domainError(err);
  }
}

import { siteConfig } from '../config';

/**
 * Checks the current password by signing in again, directly against Cognito's InitiateAuth
 * (USER_PASSWORD_AUTH), without touching the session Amplify holds: a wrong password leaves the user
 * signed in. Throws `{ name, message }` with Cognito's exception name, as Amplify does.
 */
export async function reauthenticate(email: string, password: string): Promise<void> {
  const { endpoint, region, clientId } = siteConfig.cognito;
  const url = endpoint || `https://cognito-idp.${region}.amazonaws.com/`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    });
  } catch (error) {
    throw { name: 'NetworkError', message: error instanceof Error ? error.message : String(error) };
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
  const name = (body.__type ?? response.headers.get('x-amzn-errortype') ?? 'UnknownError').split('#').pop();
  throw { name: name?.split(':')[0] ?? 'UnknownError', message: body.message ?? response.statusText };
}

import { Amplify } from 'aws-amplify';
import { accountConfig } from '../account-config';
import { startTokenSync } from './token-sync';

let configured = false;

/**
 * Configures Amplify once, in the browser, before any auth call. Tokens stay in localStorage. Starts the
 * token sync too (when the build sets a URL), so no sign-in, refresh or sign-out is missed.
 */
export function configureAmplify(): void {
  if (configured || typeof window === 'undefined') return;
  const { userPoolId, clientId, endpoint } = accountConfig.cognito;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId: clientId,
        loginWith: { email: true },
        // Local runs only: the cognito-local proxy instead of cognito-idp.<region>.amazonaws.com.
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
      },
    },
  });
  configured = true;
  startTokenSync();
}

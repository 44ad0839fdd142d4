import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { emailAddressProblem } from '../../src/lib/email-address';

// Cognito PreSignUp trigger: the rules a registration must meet even when it comes straight to
// Cognito (the app client is public, so anyone can call SignUp without the site). Cognito answers the
// caller UserLambdaValidationException, "PreSignUp failed with error <message>.".

export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  // One form of an address (src/lib/email-address.ts): look-alike characters are refused.
  const problem = emailAddressProblem(event.request.userAttributes.email ?? event.userName);
  if (problem) throw new Error(problem);
  return event;
};

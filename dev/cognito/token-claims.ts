// Local-only PreTokenGeneration handler that corrects cognito-local's ID token: it writes
// email_verified as Boolean(attribute string), so "false" (set whenever the email changes) came out
// as true. Real Cognito puts the attribute's truth value in the token; so does this.
// Not a product trigger: it runs after the product's PreTokenGeneration function, locally only.

interface PreTokenEvent {
  request: { userAttributes: Record<string, string | undefined> };
  response: { claimsOverrideDetails?: { claimsToAddOrOverride?: Record<string, string | boolean> } | null };
}

export const handler = async <E extends PreTokenEvent>(event: E): Promise<E> => {
  // On top of what the product's trigger added (the issue time).
  const details = event.response.claimsOverrideDetails ?? {};
  event.response.claimsOverrideDetails = {
    ...details,
    claimsToAddOrOverride: {
      ...details.claimsToAddOrOverride,
      email_verified: event.request.userAttributes.email_verified === 'true',
    },
  };
  return event;
};
